import type { Run, RunStatus, RunSummary, StackStatus } from '@/types/api-models';

export function isRunFinished(status: RunStatus | undefined): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** A run its owner can still cancel (a cancelling one is already on its way). */
export function isRunCancellable(status: RunStatus | undefined): boolean {
  return status === 'queued' || status === 'running';
}

/** Beside every band and verdict of a run that has not finished: they can still change. */
export const provisionalNote = 'provisional: the run is still measuring';

const failedStackStatuses: readonly StackStatus[] = [
  'build_failed',
  'verify_failed',
  'failed',
  'unsupported',
];

/** A stack the run asked for that will never be measured: it did not build, did not verify, failed or cannot run. */
export function isStackFailed(status: StackStatus): boolean {
  return failedStackStatuses.includes(status);
}

/** A stack whose figures are final: measured, or never to be. */
export function isStackSettled(status: StackStatus): boolean {
  return status === 'done' || status === 'cancelled' || isStackFailed(status);
}

const stackStatusWords: Record<StackStatus, string> = {
  pending: 'waiting for its turn',
  building: 'building',
  built: 'built, not verified yet',
  verified: 'verified, not measured yet',
  measuring: 'being measured',
  done: 'measured',
  unsupported: 'unsupported',
  build_failed: 'build failed',
  verify_failed: 'verification failed',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function describeStackStatus(status: StackStatus): string {
  return stackStatusWords[status] ?? String(status).replace(/_/g, ' ');
}

/**
 * The run's status in words: a completed run in which a stack failed is "completed with failures",
 * never plain "completed".
 */
export function describeRunStatus(run: Pick<Run, 'status' | 'stacks'>): string {
  return statusWords(run.status, run.stacks.filter((stack) => isStackFailed(stack.status)).length);
}

/** The same words for a row of a runs list, which counts its failed stacks instead of listing them. */
export function describeListedRunStatus(run: Pick<RunSummary, 'status' | 'failedStacks'>): string {
  return statusWords(run.status, run.failedStacks ?? 0);
}

function statusWords(status: RunStatus, failedStacks: number): string {
  return status === 'completed' && failedStacks > 0 ? 'completed with failures' : status;
}
