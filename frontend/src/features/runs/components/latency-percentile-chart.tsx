import { lazy, Suspense } from 'react';
import { Loading } from '@/components/ui/loading';
import {
  latencyAt,
  PERCENTILE_TICKS,
  percentileLinesOption,
  stackColours,
} from '@/components/ui/percentile-chart-option';
import { provisionalNote } from '@/features/runs/utils/run-status';
import type { CellFigures, StackFigures } from '@/features/runs/utils/run-statistics';
import { formatMillis } from '@/lib/format';

// ECharts is most of the bundle; it loads only once there is a curve to draw.
const EChart = lazy(() => import('@/components/ui/echart').then((module) => ({ default: module.EChart })));

type Props = {
  cell: CellFigures;
  // Several cells make several charts, told apart by the cell's name in the title.
  showCellName: boolean;
  provisional: boolean;
};

/**
 * One cell's latency by percentile, a line per stack on a log axis of 1/(1 − p): the tail, where stacks
 * differ most, gets as much room as the median. Its figures follow in a table for screen readers.
 */
export function LatencyPercentileChart({ cell, showCellName, provisional }: Props) {
  const drawn = cell.stacks.filter((row) => row.latencyCurve?.points.length);
  if (drawn.length === 0) return null;
  const name = `Latency by percentile${showCellName ? `: ${cell.label}` : ''}`;
  const title = `${name} (milliseconds, lower is better)${provisional ? ` (${provisionalNote})` : ''}`;
  const option = percentileLinesOption(
    drawn.map((row, index) => ({
      name: row.label,
      colour: stackColours[index % stackColours.length],
      points: row.latencyCurve?.points ?? [],
    })),
  );
  return (
    <div className="latency-percentiles">
      <Suspense fallback={<Loading what="the latency chart" />}>
        <EChart
          title={title}
          description={`${title}. Its figures are in the table "${name}" that follows.`}
          option={option}
          height={340}
        />
      </Suspense>
      <LatencyPercentileTable cell={cell} caption={name} />
    </div>
  );
}

/** The chart's figures as a table, hidden from sight: the drawing already shows them. */
function LatencyPercentileTable({ cell, caption }: { cell: CellFigures; caption: string }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption} (milliseconds)</caption>
        <thead>
          <tr>
            <th scope="col">Stack</th>
            {PERCENTILE_TICKS.map((tick) => (
              <th key={tick.label} scope="col">
                {tick.label}
              </th>
            ))}
            <th scope="col">Max</th>
          </tr>
        </thead>
        <tbody>
          {cell.stacks.map((row) => (
            <CurveRow key={row.key} row={row} />
          ))}
          {cell.notMeasured.map((stack) => (
            <tr key={stack.key}>
              <th scope="row">{stack.label}</th>
              <td colSpan={PERCENTILE_TICKS.length + 1}>{stack.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CurveRow({ row }: { row: StackFigures }) {
  const curve = row.latencyCurve;
  return (
    <tr>
      <th scope="row">{row.label}</th>
      {curve?.points.length ? (
        <>
          {PERCENTILE_TICKS.map((tick) => (
            <td key={tick.label}>{formatMillis(latencyAt(curve.points, tick.percentile))}</td>
          ))}
          <td>{formatMillis(curve.maxMs)}</td>
        </>
      ) : (
        <td colSpan={PERCENTILE_TICKS.length + 1}>no latency histogram</td>
      )}
    </tr>
  );
}
