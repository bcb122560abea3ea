import { formatElapsed, secondsSince } from '@/features/runs/utils/describe-time';
import { describeTimeLeft, measurementProgress } from '@/features/runs/utils/run-progress';
import { useNow } from '@/hooks/use-now';
import { formatNumber } from '@/lib/format';
import type { Run } from '@/types/api-models';

/**
 * What a running run is doing now, in the worker's own words, how many of its measurements are in,
 * how long it has run and how long the rest should take.
 */
export function RunProgress({ run }: { run: Run }) {
  const active = run.status === 'running' || run.status === 'cancelling';
  const now = useNow(active);
  if (!active) return null;
  const elapsed = secondsSince(run.startedAt, now);
  const progress = measurementProgress(run);
  const dropped = progress ? progress.planned - progress.expected : 0;
  return (
    <section className="card run-progress" aria-labelledby="progress-heading">
      <h2 id="progress-heading">Progress</h2>
      {/* Read out when the step or the count changes; the clock below ticks outside it, unannounced. */}
      <div aria-live="polite" aria-atomic="true">
        <p className="run-step">
          {run.workerStep ? (
            <>
              Now: <strong>{run.workerStep}</strong>
            </>
          ) : (
            'Waiting for the worker to report its first step.'
          )}
        </p>
        {progress ? (
          <p>
            {formatNumber(progress.done)} of {formatNumber(progress.expected)} measurements done
            {dropped > 0
              ? ` (${formatNumber(progress.planned)} planned; ${formatNumber(dropped)} will not be taken, their stack failed)`
              : ''}
            .
          </p>
        ) : null}
      </div>
      {elapsed === undefined ? null : (
        <p className="muted" aria-live="off">
          Running for <span className="elapsed">{formatElapsed(elapsed)}</span>
          {progress && run.estimate && run.status === 'running'
            ? `; ${describeTimeLeft(progress, elapsed, run.estimate.workerSeconds)}`
            : ''}
          .
        </p>
      )}
    </section>
  );
}
