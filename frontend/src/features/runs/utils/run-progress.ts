import { describeWait } from '@/features/runs/utils/describe-time';
import { isStackFailed } from '@/features/runs/utils/run-status';
import type { Run } from '@/types/api-models';

export type MeasurementProgress = {
  // Measurements stored so far.
  done: number;
  // The measurements the run was charged for: stacks × cells × repetitions.
  planned: number;
  // Those the run can still store: stacks that failed or were cancelled take no more rounds.
  expected: number;
};

/**
 * How far the run is, in measurements, from the estimate it was charged at; undefined without one,
 * and for a compatibility check, which measures nothing.
 */
export function measurementProgress(run: Pick<Run, 'estimate' | 'stacks' | 'measurements' | 'workload'>) {
  const estimate = run.estimate;
  if (!estimate || run.workload?.mode === 'check') return undefined;
  const perStack = estimate.cells * estimate.repetitions;
  const measuredOf = (id: string, version: string) =>
    run.measurements.filter((m) => m.stack === id && m.version === version).length;
  const dropped = run.stacks
    .filter((stack) => isStackFailed(stack.status) || stack.status === 'cancelled')
    .reduce((sum, stack) => sum + Math.max(0, perStack - measuredOf(stack.id, stack.version)), 0);
  const done = run.measurements.length;
  return {
    done,
    planned: estimate.measurements,
    expected: Math.max(done, estimate.measurements - dropped),
  } satisfies MeasurementProgress;
}

/**
 * How long the rest should take. Before the first measurement only the estimate the run was charged
 * at says anything, and it is an upper bound; after it, the pace so far (build time included, so
 * rather long than short) times what is left.
 */
export function describeTimeLeft(
  progress: MeasurementProgress,
  elapsedSeconds: number,
  workerSeconds: number,
): string {
  if (progress.done === 0)
    return `at most ${describeWait(workerSeconds)} in all, by the estimate it was charged at`;
  if (progress.done >= progress.expected) return 'every measurement is in; the worker is finishing';
  const seconds = (elapsedSeconds / progress.done) * (progress.expected - progress.done);
  return `${describeWait(seconds)} left at the pace so far`;
}
