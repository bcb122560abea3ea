import type { RunStatus } from '@/types/api-models';

const finished: ReadonlySet<RunStatus> = new Set<RunStatus>(['completed', 'failed', 'cancelled']);

/** Whether an interop run has ended: no cell will change any more. */
export function isInteropRunFinished(status: RunStatus | undefined): boolean {
  return status !== undefined && finished.has(status);
}
