import { useRef, useState } from 'react';
import { StartStudyConfirmation } from '@/features/studies/components/start-study-confirmation';
import type { StudyRun } from '@/types/api-models';

type StartStudyButtonProps = {
  studyId: string;
  studyName: string;
  /** Runs this probe of the study instead of the study itself. */
  probe?: { id: string; label: string };
  onStarted: (studyRun: StudyRun) => void;
};

/**
 * A study sends many runs: the button first opens what it would cost (runs and worker time, for
 * the repetitions chosen), and only Confirm starts it.
 */
export function StartStudyButton({ studyId, studyName, probe, onStarted }: StartStudyButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const panelId = `start-study-${studyId}${probe ? `-${probe.id}` : ''}`;
  const what = probe ? `${studyName} with ${probe.label}` : studyName;

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
        aria-label={probe ? `Run the probe: ${what}` : `Start study: ${studyName}`}
        aria-expanded={confirming}
        aria-controls={confirming ? panelId : undefined}
        onClick={() => setConfirming((open) => !open)}
      >
        {probe ? 'Run this probe' : 'Start study'}
      </button>
      {confirming ? (
        <StartStudyConfirmation
          id={panelId}
          studyId={studyId}
          studyName={what}
          probe={probe?.id}
          onStarted={onStarted}
          onCancel={cancel}
        />
      ) : null}
    </div>
  );
}
