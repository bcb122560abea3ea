import { Link, useNavigate, useParams } from 'react-router';
import { useStudy } from '@/features/studies/api/get-study';
import { ClaimCauses } from '@/features/studies/components/claim-causes';
import { StartStudyButton } from '@/features/studies/components/start-study-button';
import { StudyDefinition } from '@/features/studies/components/study-definition';
import { StudyRunView } from '@/features/studies/components/study-run-view';
import { useStackNames } from '@/app/hooks/use-stack-names';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError, problemOf } from '@/lib/api-client';

export function StudyRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const study = useStudy(id);
  const stackName = useStackNames();
  useDocumentTitle(
    study.data
      ? `Study: ${study.data.name}`
      : isApiError(study.error) && study.error.status === 404
        ? 'Study not found'
        : 'Study',
  );
  if (study.isPending) return <Loading what="the study" />;
  if (study.isError) {
    if (isApiError(study.error) && study.error.status === 404)
      return (
        <>
          <h1>Study not found</h1>
          <p>
            There is no study <code>{id}</code>. <Link to="/studies">See every study</Link>.
          </p>
        </>
      );
    return <ProblemAlert heading="Could not load the study" problem={problemOf(study.error)} />;
  }
  const data = study.data;
  const latest = data.latestRun;
  return (
    <>
      <h1>Study: {data.name}</h1>
      <StartStudyButton
        studyId={data.id}
        studyName={data.name}
        onStarted={(studyRun) => navigate(`/study-runs/${encodeURIComponent(studyRun.id)}`)}
      />
      <StudyDefinition study={data} stackName={stackName} />
      <h2>Latest study run</h2>
      {latest ? (
        <>
          <p>
            <Link to={`/study-runs/${encodeURIComponent(latest.id)}`}>Open the latest study run</Link>
          </p>
          <StudyRunView studyRun={latest} study={data} stackName={stackName} />
          <ClaimCauses
            studyId={data.id}
            studyName={data.name}
            comparisons={latest.comparisons}
            stackName={stackName}
          />
        </>
      ) : (
        <p className="muted">This study has not been run yet.</p>
      )}
    </>
  );
}
