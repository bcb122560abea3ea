import { lazy, Suspense } from 'react';
import type { BarInterval, BarSeries } from '@/components/ui/bar-chart-option';
import { Loading } from '@/components/ui/loading';
import { isStackSettled, provisionalNote } from '@/features/runs/utils/run-status';
import type { CellFigures, NotMeasuredStack, StackFigures } from '@/features/runs/utils/run-statistics';

// ECharts is most of the bundle; the submission form should not wait for it.
const BarChart = lazy(() =>
  import('@/components/ui/bar-chart').then((module) => ({ default: module.BarChart })),
);

function seriesOf(
  cells: CellFigures[],
  categories: string[],
  pick: (row: StackFigures) => number | null | undefined,
  interval?: (row: StackFigures) => BarInterval | null,
): BarSeries[] {
  return cells.map((cell) => {
    const rows = categories.map((label) => cell.stacks.find((row) => row.label === label));
    const notMeasured = new Map(cell.notMeasured.map((stack) => [stack.label, stack]));
    return {
      name: cell.label || 'all',
      values: rows.map((row) => (row ? (pick(row) ?? null) : null)),
      intervals: interval ? rows.map((row) => (row ? interval(row) : null)) : undefined,
      missing: categories.map((label, index) => {
        const stack = notMeasured.get(label);
        return !rows[index] && stack ? describeMissingBar(stack) : null;
      }),
    };
  });
}

// A stack still building or waiting for its turn is "not measured yet", never read as one that failed.
function describeMissingBar(stack: NotMeasuredStack): string {
  return isStackSettled(stack.status) ? 'not measured' : 'not measured yet';
}

function throughputInterval(row: StackFigures): BarInterval | null {
  const throughput = row.throughput;
  return throughput && throughput.n >= 2 ? [throughput.low, throughput.high] : null;
}

export function ResultsCharts({ cells, provisional }: { cells: CellFigures[]; provisional: boolean }) {
  // While the run still measures, every bar can still move.
  const note = provisional ? ` (${provisionalNote})` : '';
  // A stack that was not measured keeps its place on the axis, without a bar.
  const categories = [
    ...new Set(
      cells.flatMap((cell) => [
        ...cell.stacks.map((row) => row.label),
        ...cell.notMeasured.map((stack) => stack.label),
      ]),
    ),
  ];
  return (
    <Suspense fallback={<Loading what="charts" />}>
      <div className="chart-grid">
        <BarChart
          title={`Throughput per stack (requests per second, higher is better; whiskers: interval of the median, 95 % unless the table gives a lower coverage)${note}`}
          unit="req/s"
          categories={categories}
          series={seriesOf(cells, categories, (row) => row.throughput?.median, throughputInterval)}
        />
        <BarChart
          title={`p99 latency per stack (milliseconds, lower is better)${note}`}
          unit="ms"
          fractionDigits={2}
          categories={categories}
          series={seriesOf(cells, categories, (row) => row.latencyMs?.p99)}
        />
      </div>
    </Suspense>
  );
}
