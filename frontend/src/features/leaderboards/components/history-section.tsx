import { lazy, Suspense } from 'react';
import { Loading } from '@/components/ui/loading';
import type { StackNames } from '@/features/leaderboards/utils/describe-board';
import { historyChart } from '@/features/leaderboards/utils/history-chart-option';
import { formatDate } from '@/lib/format';
import type { Leaderboard } from '@/types/api-models';

// ECharts is most of the bundle; load it only where a chart is drawn.
const EChart = lazy(() => import('@/components/ui/echart').then((module) => ({ default: module.EChart })));

/** The board's official runs over time, in segments whose figures are not compared with each other. */
export function HistorySection({ board, stackName }: { board: Leaderboard; stackName: StackNames }) {
  const chart = historyChart(board, stackName);
  if (!chart) return null;
  return (
    <section className="card" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <Suspense fallback={<Loading what="the history chart" />}>
        <EChart title={chart.title} description={chart.description} option={chart.option} height={320} />
      </Suspense>
      <p className="muted small">
        Figures in different segments are not comparable: a segment starts whenever the machine or the
        board&apos;s workload changes, and lines are never drawn across segments.
      </p>
      {board.segments.length ? (
        <ol className="segments small" aria-label="Segments">
          {board.segments.map((segment) => (
            <li key={segment.index} value={segment.index}>
              {segment.from || segment.until
                ? `${formatDate(segment.from)} – ${formatDate(segment.until)}: `
                : ''}
              {segment.machine}
              {segment.change ? <span className="muted"> (started because {segment.change})</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
