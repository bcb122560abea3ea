import { useNavigate } from 'react-router';
import { useStartInteropRun } from '@/features/interop/api/start-interop-run';
import { useInteropRuns } from '@/features/interop/api/get-interop-runs';
import { InteropForm } from '@/features/interop/components/interop-form';
import { InteropRunList } from '@/features/interop/components/interop-run-list';
import { useCatalog } from '@/features/submit/api/get-catalog';
import { useStacks } from '@/features/submit/api/get-stacks';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { problemOf } from '@/lib/api-client';

export function InteropRoute() {
  const navigate = useNavigate();
  useDocumentTitle('Interop matrix');
  const catalog = useCatalog();
  const stacks = useStacks();
  const recent = useInteropRuns();
  const start = useStartInteropRun({
    onSuccess: (run) => navigate(`/interop/${encodeURIComponent(run.id)}`),
  });
  return (
    <>
      <h1>Interop matrix</h1>
      <p className="lead">
        Every stack's own client against every stack's server, per security mode, on one WSDL: each pair
        passes (with its throughput, p99 and cost against plain), fails (with the fault or error) or is
        unsupported (with the reason).
      </p>
      {catalog.isPending || stacks.isPending ? (
        <Loading what="the stacks and the catalog" />
      ) : catalog.isError || stacks.isError ? (
        <ProblemAlert
          heading="Could not load the stacks or the catalog"
          problem={problemOf(catalog.error ?? stacks.error)}
        />
      ) : (
        <InteropForm
          catalog={catalog.data}
          stacks={stacks.data}
          submitting={start.isPending}
          onSubmit={(input) => start.mutate(input)}
        />
      )}
      {start.isError && (
        <ProblemAlert heading="The interop run was refused" problem={problemOf(start.error)} />
      )}
      <h2>Recent interop runs</h2>
      {recent.isPending ? (
        <Loading what="the recent interop runs" />
      ) : recent.isError ? (
        <ProblemAlert heading="Could not load the recent interop runs" problem={problemOf(recent.error)} />
      ) : (
        <InteropRunList runs={recent.data} />
      )}
    </>
  );
}
