import { Link, useParams } from 'react-router';
import { useStudy } from '@/features/studies/api/get-study';
import { useStudyRun } from '@/features/studies/api/get-study-run';
import { StudyRunView } from '@/features/studies/components/study-run-view';
import { useStackNames } from '@/app/hooks/use-stack-names';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError, problemOf } from '@/lib/api-client';

export function StudyRunRoute() {
  const { id = '' } = useParams();
  const studyRun = useStudyRun(id);
  // The definition names the sizes and methods; the study run itself carries only their ids.
  const study = useStudy(studyRun.data?.studyId ?? '');
  const stackName = useStackNames();
  useDocumentTitle(
    studyRun.data
      ? `Study run: ${studyRun.data.studyName ?? studyRun.data.studyId}`
      : isApiError(studyRun.error) && studyRun.error.status === 404
        ? 'Study run not found'
        : 'Study run',
  );
  if (studyRun.isPending) return <Loading what="the study run" />;
  if (studyRun.isError) {
    if (isApiError(studyRun.error) && studyRun.error.status === 404)
      return (
        <>
          <h1>Study run not found</h1>
          <p>
            There is no study run <code>{id}</code>. <Link to="/studies">See every study</Link>.
          </p>
        </>
      );
    return <ProblemAlert heading="Could not load the study run" problem={problemOf(studyRun.error)} />;
  }
  const data = studyRun.data;
  return (
    <>
      <h1>Study run: {data.studyName ?? data.studyId}</h1>
      <p>
        <Link to={`/studies/${encodeURIComponent(data.studyId)}`}>The study's definition</Link>
      </p>
      <StudyRunView studyRun={data} study={study.data} stackName={stackName} />
    </>
  );
}
