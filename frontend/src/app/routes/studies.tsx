import { useNavigate } from 'react-router';
import { StudyList } from '@/features/studies/components/study-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function StudiesRoute() {
  const navigate = useNavigate();
  useDocumentTitle('Studies');
  return (
    <>
      <h1>Studies</h1>
      <p className="lead">
        Each study re-runs a published SOAP stack comparison on this service: the article's stacks, security
        modes, message sizes and method, drawn in the article's chart forms, with its published ratios beside
        ours.
      </p>
      <StudyList onStarted={(studyRun) => navigate(`/study-runs/${encodeURIComponent(studyRun.id)}`)} />
    </>
  );
}
