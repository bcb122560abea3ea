import { formatDateTime } from '@/lib/format';
import type { Run } from '@/types/api-models';

/** Shown while the worker of a running run has been silent longer than the server's grace. */
export function WorkerSilence({ run }: { run: Run }) {
  if (!run.workerSilentSince) return null;
  return (
    <p className="alert alert-warning" role="alert">
      The worker stopped answering: nothing heard from {run.workerId ?? 'it'} since{' '}
      {formatDateTime(run.workerSilentSince)}
      {run.workerStep ? ` (last step: ${run.workerStep})` : ''}. The run fails if it stays silent.
    </p>
  );
}
