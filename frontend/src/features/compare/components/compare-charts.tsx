import { lazy, Suspense } from 'react';
import { Loading } from '@/components/ui/loading';
import {
  describePercentileChart,
  percentileChartOption,
  type StackNames,
} from '@/features/compare/utils/percentile-chart-option';
import type { CompareCell, ComparedRun } from '@/types/api-models';

// ECharts is most of the bundle; it loads only once there is a curve to draw.
const EChart = lazy(() => import('@/components/ui/echart').then((module) => ({ default: module.EChart })));

type Props = {
  cell: CompareCell;
  runs: ComparedRun[];
  names: StackNames;
  showCellName: boolean;
};

/** One cell's latency percentiles, every run × stack overlaid on a log axis of 1/(1 − p). */
export function PercentileChart({ cell, runs, names, showCellName }: Props) {
  if (cell.curves.length === 0)
    return <p className="muted">No latency histograms to draw for this cell yet.</p>;
  const title = `Latency by percentile${showCellName ? `: ${cell.label}` : ''} (milliseconds; solid line: baseline run)`;
  const chart = { cell, runs, names };
  return (
    <Suspense fallback={<Loading what="the latency chart" />}>
      <EChart
        title={title}
        description={describePercentileChart(chart, title)}
        option={percentileChartOption(chart)}
        height={340}
      />
    </Suspense>
  );
}
