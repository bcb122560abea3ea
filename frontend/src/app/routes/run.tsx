import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getRunQueryOptions, useRun } from '@/features/runs/api/get-run';
import { useRunEvents } from '@/features/runs/api/use-run-events';
import { AbHeadNote } from '@/features/runs/components/ab-head-note';
import { AnalysisPanel } from '@/features/runs/components/analysis-panel';
import { CancelRunButton } from '@/features/runs/components/cancel-run-button';
import { LiveIndicator } from '@/features/runs/components/live-indicator';
import { QueuePlace } from '@/features/runs/components/queue-place';
import { RunProgress } from '@/features/runs/components/run-progress';
import { RunDownloads } from '@/features/runs/components/run-downloads';
import { RunLoadState } from '@/features/runs/components/run-load-state';
import { CheckOutcome, isCompatibilityCheck } from '@/features/runs/components/check-outcome';
import { RunResults } from '@/features/runs/components/run-results';
import { RunSummary } from '@/features/runs/components/run-summary';
import { ShareLink } from '@/features/runs/components/share-link';
import { StackStatusList } from '@/features/runs/components/stack-status-list';
import { WorkerSilence } from '@/features/runs/components/worker-silence';
import { isRunFinished } from '@/features/runs/utils/run-status';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { compareHref } from '@/lib/compare-link';

const fallbackPollMillis = 2_000;
const backgroundPollMillis = 15_000;

export function RunRoute() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  // Read from the cache rather than from useRun below, which needs the stream's state first.
  const cached = queryClient.getQueryData(getRunQueryOptions(id).queryKey);
  const live = !isRunFinished(cached?.status);
  const events = useRunEvents(id, live);
  // The stream carries every change; a slow poll still catches a stream that stalls without erroring.
  const run = useRun(id, { pollMillis: events === 'open' ? backgroundPollMillis : fallbackPollMillis });
  useDocumentTitle(
    run.data
      ? `Run ${run.data.slug}`
      : isApiError(run.error) && run.error.status === 404
        ? 'Run not found'
        : `Run ${id}`,
  );

  return (
    <RunLoadState query={run}>
      {(data) => (
        <>
          <h1>Run {data.slug}</h1>
          <AbHeadNote run={data} />
          {isRunFinished(data.status) ? null : <LiveIndicator state={events} />}
          <CancelRunButton run={data} cacheKey={id} />
          <WorkerSilence run={data} />
          <QueuePlace run={data} />
          <RunProgress run={data} />
          <RunSummary run={data} />
          <ShareLink shareUrl={data.shareUrl} />
          <p>
            <Link to={compareHref([data.slug])}>Compare with…</Link>
          </p>
          <StackStatusList run={data} />
          {isCompatibilityCheck(data) ? <CheckOutcome run={data} /> : <RunResults run={data} />}
          <AnalysisPanel analysis={data.analysis} stacks={data.stacks} />
          <RunDownloads run={data} />
        </>
      )}
    </RunLoadState>
  );
}
