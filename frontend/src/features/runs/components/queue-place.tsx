import type { Run } from '@/types/api-models';

/** `about 40 s`, `about 3 min`, `about 1 h 20 min`: an estimate, never more precise than it is. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(5, Math.round(seconds / 5) * 5)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `about ${hours} h ${rest} min` : `about ${hours} h`;
}

/** A queued run's place in line and when a worker should take it, with how that was estimated. */
export function QueuePlace({ run }: { run: Run }) {
  const queue = run.queue;
  if (run.status !== 'queued' || !queue) return null;
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
      <p className="muted small">{queue.basis}</p>
    </section>
  );
}
