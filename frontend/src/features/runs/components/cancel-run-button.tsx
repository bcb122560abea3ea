import { useCancelRun } from '@/features/runs/api/cancel-run';
import { isRunCancellable } from '@/features/runs/utils/run-status';
import { ConfirmedCancel } from '@/components/ui/confirmed-cancel';
import { submittedRun } from '@/lib/run-manage-tokens';
import type { Run } from '@/types/api-models';

/**
 * Offered to whoever submitted the run from this browser, while it is queued or running; the
 * server checks ownership again (the manage token, or the API token of the submission).
 */
export function CancelRunButton({ run, cacheKey }: { run: Run; cacheKey: string }) {
  const cancel = useCancelRun(run.id, cacheKey);
  if (!submittedRun(run.id)) return null;
  if (run.status === 'cancelling') {
    return (
      <p className="run-cancel" role="status" aria-label="Cancel">
        Cancelling: the worker is stopping the run.
      </p>
    );
  }
  if (!isRunCancellable(run.status)) return null;
  return (
    <ConfirmedCancel
      label="Cancel run"
      question="Cancel this run? What it measured so far is kept."
      failure="The run could not be cancelled"
      pending={cancel.isPending}
      error={cancel.error}
      onConfirmed={() => cancel.mutate()}
    />
  );
}
