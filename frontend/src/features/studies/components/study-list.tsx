import { Link } from 'react-router';
import { useStudies } from '@/features/studies/api/get-studies';
import { StartStudyButton } from '@/features/studies/components/start-study-button';
import { describeSeed } from '@/features/studies/utils/describe-study';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { problemOf } from '@/lib/api-client';
import type { StudyRun } from '@/types/api-models';

export function StudyList({ onStarted }: { onStarted: (studyRun: StudyRun) => void }) {
  const studies = useStudies();
  if (studies.isPending) return <Loading what="studies" />;
  if (studies.isError)
    return <ProblemAlert heading="Could not load the studies" problem={problemOf(studies.error)} />;
  if (studies.data.length === 0) return <p className="muted">No studies are defined.</p>;
  return (
    <ul className="study-list" aria-label="Studies">
      {studies.data.map((study) => (
        <li key={study.id} className="card study-card">
          <h2>
            <Link to={`/studies/${encodeURIComponent(study.id)}`}>{study.name}</Link>
          </h2>
          <p className="muted">Seed article: {describeSeed(study.seed)}</p>
          <p>{study.description}</p>
          <p className="muted">
            Catalog service <code>{study.catalog}</code>
            {study.latestStudyRunId ? (
              <>
                {' · '}
                <Link to={`/study-runs/${encodeURIComponent(study.latestStudyRunId)}`}>latest study run</Link>
              </>
            ) : null}
          </p>
          <StartStudyButton studyId={study.id} studyName={study.name} onStarted={onStarted} />
        </li>
      ))}
    </ul>
  );
}
