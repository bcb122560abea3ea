import { Fragment } from 'react';
import { TableScroll } from '@/components/ui/table-scroll';
import { repetitionRows } from '@/features/runs/utils/repetition-rows';
import { provisionalNote } from '@/features/runs/utils/run-status';
import type { CellFigures } from '@/features/runs/utils/run-statistics';
import { formatMillis, formatRate } from '@/lib/format';
import type { Measurement } from '@/types/api-models';

type Props = {
  cell: CellFigures;
  // Several cells make several tables, told apart by the cell's name.
  showCellName: boolean;
  provisional: boolean;
};

/**
 * Every round of a cell, each stack's throughput and p99 in it: the values the medians and verdicts
 * are made of, flagged ones included and marked. Collapsed: most readers want the figures above.
 */
export function RepetitionTable({ cell, showCellName, provisional }: Props) {
  const rows = repetitionRows(cell);
  if (rows.length === 0) return null;
  const name = `Every repetition${showCellName ? `: ${cell.label}` : ''}`;
  return (
    <details className="repetitions">
      <summary>{name}</summary>
      <p className="muted small">
        A flagged repetition (errors, CPU steal, a busy machine) is marked with its flag; flagged ones are
        counted but left out of every figure above. Each round measures every stack once, in the order given.
      </p>
      <TableScroll label={name}>
        <table className="data-table results-table repetition-table">
          <caption>
            <span className="caption-text">
              {name}
              {provisional ? (
                <>
                  {' '}
                  <span className="provisional-tag">({provisionalNote})</span>
                </>
              ) : null}
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2} className="sticky-column">
                Round
              </th>
              {cell.stacks.map((row) => (
                <th key={row.key} scope="colgroup" colSpan={2} className="stack-head">
                  {row.label}
                </th>
              ))}
              <th scope="col" rowSpan={2}>
                Round order
              </th>
            </tr>
            <tr>
              {cell.stacks.map((row) => (
                <Fragment key={row.key}>
                  <th scope="col" className="num">
                    Throughput (req/s)
                  </th>
                  <th scope="col" className="num">
                    p99 (ms)
                  </th>
                </Fragment>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.round}>
                <th scope="row" className="sticky-column">
                  {row.round}
                </th>
                {row.measurements.map((m, index) => (
                  <RepetitionCells key={cell.stacks[index].key} measurement={m} />
                ))}
                <td className="wrap">{row.order.length ? row.order.join(' → ') : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}

function RepetitionCells({ measurement }: { measurement?: Measurement }) {
  if (!measurement) {
    return (
      <>
        <td className="num muted">–</td>
        <td className="num muted">–</td>
      </>
    );
  }
  const flags = measurement.flags?.length ? measurement.flags.join(', ') : undefined;
  const className = flags ? 'num flagged-value' : 'num';
  return (
    <>
      <td className={className}>
        {formatRate(measurement.throughput)}
        {flags ? (
          <>
            {' '}
            <span className="flag-tag">flagged: {flags}</span>
          </>
        ) : null}
      </td>
      <td className={className}>{formatMillis(measurement.latencyMs?.p99)}</td>
    </>
  );
}
