import { useNavigate } from 'react-router';
import { RecentRuns } from '@/features/runs/components/recent-runs';
import { SubmitForm } from '@/features/submit/components/submit-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function SubmitRoute() {
  const navigate = useNavigate();
  useDocumentTitle('Submit a run');
  return (
    <>
      <h1>Benchmark SOAP stacks on your WSDL</h1>
      <p className="lead">
        SOAPBench builds a server for your WSDL in every stack you pick, checks each answers correctly,
        measures them one after another on the same machine, and gives you a page to share.
      </p>
      <SubmitForm onSubmitted={(run) => navigate(`/runs/${encodeURIComponent(run.id)}`)} />
      <RecentRuns />
    </>
  );
}
