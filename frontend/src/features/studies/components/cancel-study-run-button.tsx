import { useCancelStudyRun } from '@/features/studies/api/cancel-study-run';
import { isStudyRunFinished } from '@/features/studies/utils/study-run-status';
import { ConfirmedCancel } from '@/components/ui/confirmed-cancel';
import { submittedRun } from '@/lib/run-manage-tokens';
import type { StudyRun } from '@/types/api-models';

/**
 * Offered to whoever started the study run from this browser, until it ends; the server checks
 * ownership again (the manage token, or the API token that started it). A study run can ask hours
 * of the workers, so one started by mistake must not hold them.
 */
export function CancelStudyRunButton({ studyRun }: { studyRun: StudyRun }) {
  const cancel = useCancelStudyRun(studyRun.id);
  if (!submittedRun(studyRun.id) || isStudyRunFinished(studyRun.status)) return null;
  if (studyRun.cells.some((cell) => cell.status === 'cancelling')) {
    return (
      <p className="run-cancel" role="status" aria-label="Cancel">
        Cancelling: the workers are stopping the study's runs.
      </p>
    );
  }
  return (
    <ConfirmedCancel
      label="Cancel study run"
      question="Cancel this study run, every cell that has not ended? What they measured so far is kept."
      failure="The study run could not be cancelled"
      pending={cancel.isPending}
      error={cancel.error}
      onConfirmed={() => cancel.mutate()}
    />
  );
}
