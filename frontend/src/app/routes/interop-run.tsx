import { Link, useParams } from 'react-router';
import { useInteropMatrix } from '@/features/interop/api/get-interop-matrix';
import { InteropMatrixView } from '@/features/interop/components/interop-matrix-view';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { StatusBadge } from '@/components/ui/status-badge';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError, problemOf } from '@/lib/api-client';

export function InteropRunRoute() {
  const { runId = '' } = useParams();
  const matrix = useInteropMatrix(runId);
  const notFound = isApiError(matrix.error) && matrix.error.status === 404;
  useDocumentTitle(notFound ? 'Interop run not found' : `Interop run ${runId}`);
  if (matrix.isPending) return <Loading what="the interop matrix" />;
  if (matrix.isError) {
    if (notFound)
      return (
        <>
          <h1>Interop run not found</h1>
          <p>
            There is no interop run <code>{runId}</code>, or it is private.{' '}
            <Link to="/interop">Start one</Link>.
          </p>
        </>
      );
    return <ProblemAlert heading="Could not load the interop matrix" problem={problemOf(matrix.error)} />;
  }
  const { run } = matrix.data;
  return (
    <>
      <h1>Interop matrix: {run.service ?? run.wsdlName ?? run.id}</h1>
      <p>
        <span role="status" aria-label="Interop run status">
          <StatusBadge status={run.status} />
        </span>{' '}
        <Link to="/interop">Every interop run</Link>
      </p>
      <InteropMatrixView matrix={matrix.data} />
    </>
  );
}
