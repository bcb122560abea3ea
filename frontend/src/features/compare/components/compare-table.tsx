import { describeRunRatio } from '@/features/compare/utils/describe-ratio';
import { bytesToMebibytes, formatMillis, formatNumber, formatPercent, formatRate } from '@/lib/format';
import type { CompareCell, CompareFigures, ComparedRun } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';
import { PeakRssNote } from '@/components/ui/peak-rss-note';
import { formatStackVersion } from '@/lib/stack-version';

type Props = {
  cell: CompareCell;
  runs: ComparedRun[];
  // Several cells make several tables, told apart by the cell's name in the caption.
  showCellName: boolean;
};

/** One cell's stacks down, the runs across: each run's figures and, beside the baseline's, its ratio to them. */
export function CompareTable({ cell, runs, showCellName }: Props) {
  return (
    <TableScroll label="Comparison">
      <table className="data-table results-table compare-table">
        <caption>
          <span className="caption-text">Runs side by side{showCellName ? `: ${cell.label}` : ''}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className="sticky-column">
              Stack
            </th>
            {runs.map((run) => (
              <th key={run.id} scope="colgroup" colSpan={run.baseline ? 4 : 5} className="run-head">
                {run.slug}
                {run.baseline ? ' (baseline)' : ''}
                {run.complete ? null : <span className="provisional-tag"> ({run.status})</span>}
              </th>
            ))}
          </tr>
          <tr>
            {runs.map((run) => (
              <RunColumns key={run.id} baseline={run.baseline} />
            ))}
          </tr>
        </thead>
        <tbody>
          {cell.stacks.map((stack) => (
            <tr key={stack.stack}>
              <th scope="row" className="sticky-column">
                {stack.displayName} <span className="muted">{formatStackVersion(stack.version)}</span>
              </th>
              {runs.map((run) => {
                const figures = stack.runs.find((candidate) => candidate.run === run.id);
                return <FigureCells key={run.id} figures={figures} baseline={run.baseline} />;
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <PeakRssNote />
    </TableScroll>
  );
}

function RunColumns({ baseline }: { baseline: boolean }) {
  return (
    <>
      <th scope="col" className="num">
        Throughput (req/s)
      </th>
      <th scope="col" className="num">
        p99 (ms)
      </th>
      <th scope="col" className="num">
        Server CPU (s)
      </th>
      <th scope="col" className="num">
        Peak RSS (MiB)
      </th>
      {baseline ? null : (
        <th scope="col" className="num">
          Against baseline (95 % CI)
        </th>
      )}
    </>
  );
}

function FigureCells({ figures, baseline }: { figures?: CompareFigures; baseline: boolean }) {
  if (!figures || !figures.measured) {
    return (
      <>
        <td className="wrap muted" colSpan={4}>
          {figures?.reason ?? 'not measured'}
        </td>
        {baseline ? null : <td className="num muted">–</td>}
      </>
    );
  }
  const throughput = figures.throughput;
  const interval =
    throughput && throughput.n >= 2
      ? `[${formatRate(throughput.low)}–${formatRate(throughput.high)}]${throughput.coverage < 0.95 ? ` ${formatPercent(throughput.coverage)} coverage` : ''}`
      : undefined;
  return (
    <>
      <td className="num" title={`Median of ${figures.used} of ${figures.repetitions} repetitions`}>
        {formatRate(throughput?.median)}
        {interval ? <span className="interval"> {interval}</span> : null}
      </td>
      <td className="num">{formatMillis(figures.latencyMs?.p99)}</td>
      <td className="num">{formatNumber(figures.serverCpuSecondsMedian, 2)}</td>
      <td className="num">
        {typeof figures.peakRssBytesMax === 'number'
          ? formatNumber(bytesToMebibytes(figures.peakRssBytesMax), 1)
          : '–'}
      </td>
      {baseline ? null : <RatioCell figures={figures} />}
    </>
  );
}

function RatioCell({ figures }: { figures: CompareFigures }) {
  if (!figures.ratio) {
    return (
      <td className="num muted wrap" title={figures.reason ?? undefined}>
        not compared
      </td>
    );
  }
  const described = describeRunRatio(figures.ratio);
  return (
    <td className="num" title={figures.ratio.text} data-significant={described.significant}>
      {described.ratio}
      {described.interval ? <span className="interval"> {described.interval}</span> : null}
      <span className={`badge badge-${described.tone}`}>{described.mark}</span>
    </td>
  );
}
