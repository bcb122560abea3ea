import { useNow } from '@/hooks/use-now';
import { describeWait, formatElapsed, secondsSince } from '@/features/runs/utils/describe-time';
import type { Run } from '@/types/api-models';

/** A queued run's place in line and when a worker should take it, with how that was estimated. */
export function QueuePlace({ run }: { run: Run }) {
  const queue = run.queue;
  const now = useNow(run.status === 'queued');
  if (run.status !== 'queued' || !queue) return null;
  const waited = secondsSince(run.createdAt, now);
  const ahead = queue.position - 1;
  const line =
    ahead === 0
      ? 'It is next in line'
      : `Number ${queue.position} in line (${ahead} ${ahead === 1 ? 'run' : 'runs'} ahead of it)`;
  const busy = queue.running
    ? `; ${queue.running} ${queue.running === 1 ? 'run is' : 'runs are'} on the workers now`
    : '';
  const when =
    queue.estimatedStartSeconds === null || queue.estimatedStartSeconds === undefined
      ? 'No worker of its class is live, so nobody can say when it starts.'
      : queue.estimatedStartSeconds === 0
        ? 'A worker should take it any moment.'
        : `A worker should take it in ${describeWait(queue.estimatedStartSeconds)}.`;
  return (
    <section className="card" aria-label="Waiting for a worker">
      <p role="status">
        Waiting for a worker. {line}
        {busy}. {when}
      </p>
      {/* The clock ticks outside the status line: a screen reader hears the place in line, not every second. */}
      {waited === undefined ? null : (
        <p className="muted">
          Waiting for <span className="elapsed">{formatElapsed(waited)}</span> since it was submitted.
        </p>
      )}
      <p className="muted small">{queue.basis}</p>
    </section>
  );
}
