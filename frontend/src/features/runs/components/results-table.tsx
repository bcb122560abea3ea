import type { CellFigures, NotMeasuredStack, StackFigures } from '@/features/runs/utils/run-statistics';
import {
  describeBand,
  describeBasis,
  describeInterval,
  describePercentOfBest,
  describeRatio,
  describeRepetitions,
  describeThroughputInterval,
} from '@/features/runs/utils/describe-figures';
import { provisionalNote } from '@/features/runs/utils/run-status';
import { driverDescription } from '@/lib/driver';
import { formatMillis, formatNumber, formatPercent, formatRate } from '@/lib/format';
import type { Comparison } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';
import { PeakRssNote } from '@/components/ui/peak-rss-note';

type ResultsTableProps = {
  cell: CellFigures;
  // Several cells make several tables, told apart by the cell's name in the caption.
  showCellName: boolean;
  hasIntervals: boolean;
  // While the run still measures, bands can change: they are labelled so, never shown as final.
  provisional: boolean;
};

export function ResultsTable({ cell, showCellName, hasIntervals, provisional }: ResultsTableProps) {
  const openModel = cell.model === 'open';
  // Bands, ratios and % of best exist only in a cell with a verdict for every pair.
  const showBands = cell.hasVerdicts;
  // Stack, version, throughput, rests on, p50, p90, p99, p99.9, max, CPU, RSS, repetitions, errors.
  const columns = 13 + (showBands ? 3 : 0) + (hasIntervals ? 1 : 0) + (openModel ? 1 : 0);
  return (
    <TableScroll label="Results">
      <p className="muted small" data-driver={cell.driver}>
        {driverDescription(cell.driver)}
      </p>
      <table className="data-table results-table">
        <caption>
          <span className="caption-text">
            Results per stack
            {showCellName ? `: ${cell.label}` : ''}
            {showBands && provisional ? (
              <>
                {' '}
                <span className="provisional-tag">({provisionalNote})</span>
              </>
            ) : null}
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky-column">
              Stack
            </th>
            <th scope="col">Version</th>
            {showBands ? (
              <>
                <th scope="col">Band</th>
                <th scope="col" className="num">
                  Ratio to reference (95 % CI)
                </th>
                <th scope="col" className="num">
                  % of best (95 % CI)
                </th>
              </>
            ) : null}
            <th scope="col" className="num">
              Throughput (req/s)
            </th>
            <th scope="col">Rests on</th>
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
              showBands={showBands}
              provisional={provisional}
              hasIntervals={hasIntervals}
              openModel={openModel}
            />
          ))}
          {cell.notMeasured.map((stack) => (
            <NotMeasuredRow key={stack.key} stack={stack} span={columns - 2} />
          ))}
        </tbody>
      </table>
      <PeakRssNote />
    </TableScroll>
  );
}

/** A run with no figures at all: each stack it asked for, and why it has none. */
export function NotMeasuredTable({ stacks }: { stacks: NotMeasuredStack[] }) {
  return (
    <TableScroll label="Not measured">
      <table className="data-table results-table">
        <caption>
          <span className="caption-text">Results per stack</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky-column">
              Stack
            </th>
            <th scope="col">Version</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {stacks.map((stack) => (
            <NotMeasuredRow key={stack.key} stack={stack} span={1} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function NotMeasuredRow({ stack, span }: { stack: NotMeasuredStack; span: number }) {
  return (
    <tr className="not-measured" data-status={stack.status}>
      <th scope="row" className="sticky-column">
        {stack.label}
      </th>
      <td>{stack.version}</td>
      <td colSpan={span > 1 ? span : undefined} className="wrap">
        <span className="not-measured-text">{stack.text}</span>
      </td>
    </tr>
  );
}

type ResultRowProps = {
  row: StackFigures;
  showBands: boolean;
  provisional: boolean;
  hasIntervals: boolean;
  openModel: boolean;
};

function ResultRow({ row, showBands, provisional, hasIntervals, openModel }: ResultRowProps) {
  const latency = row.latencyMs ?? {};
  const interval = describeThroughputInterval(row.throughput);
  return (
    <tr className={row.flagged > 0 ? 'flagged' : undefined}>
      <th scope="row" className="sticky-column">
        {row.label}
      </th>
      <td>{row.version}</td>
      {showBands ? <BandCells row={row} provisional={provisional} /> : null}
      <td className="num" title={hasIntervals ? describeInterval(row.throughput) : undefined}>
        {formatRate(row.throughput?.median)}
        {interval ? <span className="interval"> {interval}</span> : null}
      </td>
      <td>
        {describeBasis(row)}
        {/* More rounds of it are to come: what the figures rest on so far. */}
        {row.settled ? null : (
          <>
            {' '}
            <span className="provisional-tag">so far</span>
          </>
        )}
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

function BandCells({ row, provisional }: { row: StackFigures; provisional: boolean }) {
  const ratio = describeRatio(row);
  const percent = describePercentOfBest(row);
  const comparison = row.comparison;
  return (
    <>
      <td className={row.ranked ? 'wrap' : 'wrap muted'}>
        {describeBand(row)}
        {provisional && row.ranked ? <span className="provisional-tag"> (provisional)</span> : null}
      </td>
      <td className="num" title={comparison ? describePairedRounds(comparison) : undefined}>
        {ratio.ratio}
        {ratio.interval ? <span className="interval"> {ratio.interval}</span> : null}
      </td>
      <td className="num">
        {percent.percent}
        {percent.interval ? <span className="interval"> {percent.interval}</span> : null}
      </td>
    </>
  );
}

function describePairedRounds(comparison: Comparison): string {
  const perRound = comparison.roundRatios?.length
    ? `; per round: ${comparison.roundRatios.map((ratio) => formatNumber(ratio, 2)).join(', ')}`
    : '';
  return `${comparison.rounds} paired rounds against ${comparison.against}${perRound}`;
}

function describeErrors(kinds: Record<string, number>): string | undefined {
  const entries = Object.entries(kinds).filter(([, count]) => count > 0);
  return entries.length ? entries.map(([kind, count]) => `${kind}: ${count}`).join(', ') : undefined;
}
