import type { CellFigures, StackFigures } from '@/features/runs/utils/run-statistics';
import {
  describeInterval,
  describeRank,
  describeRepetitions,
  describeThroughputInterval,
} from '@/features/runs/utils/describe-figures';
import { driverDescription } from '@/lib/driver';
import { formatMillis, formatNumber, formatPercent, formatRate } from '@/lib/format';

type ResultsTableProps = {
  cell: CellFigures;
  // Several cells make several tables, told apart by the cell's name in the caption.
  showCellName: boolean;
  hasIntervals: boolean;
};

export function ResultsTable({ cell, showCellName, hasIntervals }: ResultsTableProps) {
  const openModel = cell.model === 'open';
  const showRank = hasIntervals;
  return (
    <div className="table-scroll">
      <p className="muted small" data-driver={cell.driver}>
        {driverDescription(cell.driver)}
      </p>
      <table className="data-table results-table">
        <caption>
          Results per stack
          {showCellName ? `: ${cell.label}` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Stack</th>
            <th scope="col">Version</th>
            {showRank ? <th scope="col">Rank</th> : null}
            <th scope="col" className="num">
              Throughput (req/s)
            </th>
            {hasIntervals ? (
              <th scope="col" className="num">
                CV
              </th>
            ) : null}
            <th scope="col" className="num">
              p50 (ms)
            </th>
            <th scope="col" className="num">
              p90 (ms)
            </th>
            <th scope="col" className="num">
              p99 (ms)
            </th>
            {openModel ? (
              <th scope="col" className="num">
                p99 uncorrected (ms)
              </th>
            ) : null}
            <th scope="col" className="num">
              p99.9 (ms)
            </th>
            <th scope="col" className="num">
              Max (ms)
            </th>
            <th scope="col" className="num">
              Server CPU (s)
            </th>
            <th scope="col" className="num">
              Peak RSS (MiB)
            </th>
            <th scope="col">Repetitions</th>
            <th scope="col" className="num">
              Errors
            </th>
          </tr>
        </thead>
        <tbody>
          {cell.stacks.map((row) => (
            <ResultRow
              key={row.key}
              row={row}
              showRank={showRank}
              hasIntervals={hasIntervals}
              openModel={openModel}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type ResultRowProps = { row: StackFigures; showRank: boolean; hasIntervals: boolean; openModel: boolean };

function ResultRow({ row, showRank, hasIntervals, openModel }: ResultRowProps) {
  const latency = row.latencyMs ?? {};
  const interval = describeThroughputInterval(row.throughput);
  return (
    <tr className={row.flagged > 0 ? 'flagged' : undefined}>
      <th scope="row">{row.label}</th>
      <td>{row.version}</td>
      {showRank ? <td className={row.ranked ? 'wrap' : 'wrap muted'}>{describeRank(row)}</td> : null}
      <td className="num" title={hasIntervals ? describeInterval(row.throughput) : undefined}>
        {formatRate(row.throughput?.median)}
        {interval ? <span className="interval"> {interval}</span> : null}
      </td>
      {hasIntervals ? <td className="num">{formatPercent(row.coefficientOfVariation)}</td> : null}
      <td className="num">{formatMillis(latency.p50)}</td>
      <td className="num">{formatMillis(latency.p90)}</td>
      <td className="num">{formatMillis(latency.p99)}</td>
      {openModel ? <td className="num">{formatMillis(row.uncorrectedP99Ms)}</td> : null}
      <td className="num">{formatMillis(latency.p999)}</td>
      <td className="num">{formatMillis(latency.max)}</td>
      <td className="num">{formatNumber(row.serverCpuSeconds, 2)}</td>
      <td className="num">{formatNumber(row.peakRssMiB, 1)}</td>
      <td className="wrap" title={row.flaggedNotes.length ? row.flaggedNotes.join('\n') : undefined}>
        {describeRepetitions(row)}
      </td>
      <td className="num" title={describeErrors(row.errorKinds)}>
        {formatNumber(row.errors)}
      </td>
    </tr>
  );
}

function describeErrors(kinds: Record<string, number>): string | undefined {
  const entries = Object.entries(kinds).filter(([, count]) => count > 0);
  return entries.length ? entries.map(([kind, count]) => `${kind}: ${count}`).join(', ') : undefined;
}
