import { useStartStudy } from '@/features/studies/api/start-study';
import { ProblemAlert } from '@/components/ui/problem-alert';
import type { StudyRun } from '@/types/api-models';

type StartStudyButtonProps = {
  studyId: string;
  studyName: string;
  onStarted: (studyRun: StudyRun) => void;
};

export function StartStudyButton({ studyId, studyName, onStarted }: StartStudyButtonProps) {
  const start = useStartStudy({ onSuccess: onStarted });
  return (
    <div className="start-study">
      <button
        type="button"
        className="button"
        aria-label={`Start study: ${studyName}`}
        disabled={start.isPending}
        onClick={() => start.mutate(studyId)}
      >
        {start.isPending ? 'Starting…' : 'Start study'}
      </button>
      {start.isError ? (
        <ProblemAlert heading="The study was not started" problem={start.error.problem} />
      ) : null}
    </div>
  );
}
