import type { ResultRow, ResultsSummary } from '@/features/runs/utils/summarize-measurements';
import { lazy, Suspense } from 'react';
import type { BarSeries } from '@/components/ui/bar-chart';
import { Loading } from '@/components/ui/loading';

// ECharts is most of the bundle; the submission form should not wait for it.
const BarChart = lazy(() =>
  import('@/components/ui/bar-chart').then((module) => ({ default: module.BarChart })),
);

function seriesOf(
  rows: ResultRow[],
  categories: string[],
  pick: (row: ResultRow) => number | undefined,
): BarSeries[] {
  const cells = [...new Set(rows.map((row) => row.cell))];
  return cells.map((cell) => ({
    name: cell || 'all',
    values: categories.map((label) => {
      const row = rows.find((candidate) => candidate.label === label && candidate.cell === cell);
      const value = row ? pick(row) : undefined;
      return value === undefined ? null : value;
    }),
  }));
}

export function ResultsCharts({ summary }: { summary: ResultsSummary }) {
  const categories = [...new Set(summary.rows.map((row) => row.label))];
  return (
    <Suspense fallback={<Loading what="charts" />}>
      <div className="chart-grid">
        <BarChart
          title="Throughput per stack (requests per second, higher is better)"
          unit="req/s"
          categories={categories}
          series={seriesOf(summary.rows, categories, (row) => row.throughput)}
        />
        <BarChart
          title="p99 latency per stack (milliseconds, lower is better)"
          unit="ms"
          fractionDigits={2}
          categories={categories}
          series={seriesOf(summary.rows, categories, (row) => row.p99)}
        />
      </div>
    </Suspense>
  );
}
