import { Link, useParams } from 'react-router';
import { useRun } from '@/features/runs/api/get-run';
import { AbHeadNote } from '@/features/runs/components/ab-head-note';
import { RunDownloads } from '@/features/runs/components/run-downloads';
import { RunLoadState } from '@/features/runs/components/run-load-state';
import { CheckOutcome, isCompatibilityCheck } from '@/features/runs/components/check-outcome';
import { RunResults } from '@/features/runs/components/run-results';
import { describeSource, RunSummary } from '@/features/runs/components/run-summary';
import { StackStatusList } from '@/features/runs/components/stack-status-list';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { compareHref } from '@/lib/compare-link';

export function ShareRoute() {
  const { slug = '' } = useParams();
  const run = useRun(slug, { pollMillis: 5_000 });
  useDocumentTitle(
    run.data
      ? `SOAP stack comparison: ${describeSource(run.data)}`
      : isApiError(run.error) && run.error.status === 404
        ? 'Run not found'
        : `Run ${slug}`,
  );
  return (
    <RunLoadState query={run}>
      {(data) => (
        <>
          <h1>SOAP stack comparison: {describeSource(data)}</h1>
          <AbHeadNote run={data} />
          <RunSummary run={data} />
          <p>
            <Link to={compareHref([data.slug])}>Compare with…</Link>
          </p>
          {isCompatibilityCheck(data) ? <CheckOutcome run={data} /> : <RunResults run={data} />}
          <StackStatusList run={data} />
          <RunDownloads run={data} />
        </>
      )}
    </RunLoadState>
  );
}
