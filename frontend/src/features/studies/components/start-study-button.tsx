import { useRef, useState } from 'react';
import { StartStudyConfirmation } from '@/features/studies/components/start-study-confirmation';
import type { StudyRun } from '@/types/api-models';

type StartStudyButtonProps = {
  studyId: string;
  studyName: string;
  onStarted: (studyRun: StudyRun) => void;
};

/**
 * A study sends many runs: the button first opens what it would cost (runs and worker time, for
 * the repetitions chosen), and only Confirm starts it.
 */
export function StartStudyButton({ studyId, studyName, onStarted }: StartStudyButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const panelId = `start-study-${studyId}`;

  function cancel() {
    setConfirming(false);
    startButton.current?.focus();
  }

  return (
    <div className="start-study">
      <button
        ref={startButton}
        type="button"
        className="button"
        aria-label={`Start study: ${studyName}`}
        aria-expanded={confirming}
        aria-controls={confirming ? panelId : undefined}
        onClick={() => setConfirming((open) => !open)}
      >
        Start study
      </button>
      {confirming ? (
        <StartStudyConfirmation
          id={panelId}
          studyId={studyId}
          studyName={studyName}
          onStarted={onStarted}
          onCancel={cancel}
        />
      ) : null}
    </div>
  );
}
