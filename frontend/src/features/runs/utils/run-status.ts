import type { RunStatus } from '@/types/api-models';

export function isRunFinished(status: RunStatus | undefined): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** A run its owner can still cancel (a cancelling one is already on its way). */
export function isRunCancellable(status: RunStatus | undefined): boolean {
  return status === 'queued' || status === 'running';
}

/** Beside every band and verdict of a run that has not finished: they can still change. */
export const provisionalNote = 'provisional: the run is still measuring';
