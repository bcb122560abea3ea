import { useId } from 'react';
import { TableScroll } from '@/components/ui/table-scroll';
import { type StackOperations, stackOperations } from '@/features/runs/utils/operation-figures';
import { provisionalNote } from '@/features/runs/utils/run-status';
import type { CellFigures } from '@/features/runs/utils/run-statistics';
import { formatMillis, formatNumber } from '@/lib/format';

type Props = {
  cell: CellFigures;
  // Several cells make several breakdowns, told apart by the cell's name in the heading.
  showCellName: boolean;
  provisional: boolean;
};

/**
 * Where the neutral driver cycled through several operations: each operation's requests, errors and
 * latency per stack, since one slow operation hides in the figures of the whole measurement.
 */
export function OperationBreakdown({ cell, showCellName, provisional }: Props) {
  const headingId = useId();
  const stacks = cell.stacks
    .map(stackOperations)
    .filter((stack): stack is StackOperations => stack !== undefined);
  if (stacks.length === 0) return null;
  return (
    <section className="operation-breakdown" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Per operation{showCellName ? `: ${cell.label}` : ''}
        {provisional ? (
          <>
            {' '}
            <span className="provisional-tag">({provisionalNote})</span>
          </>
        ) : null}
      </h3>
      {stacks.map((stack) => (
        <OperationTable key={stack.key} stack={stack} />
      ))}
    </section>
  );
}

function OperationTable({ stack }: { stack: StackOperations }) {
  const repetitions = `${stack.used} ${stack.used === 1 ? 'repetition' : 'repetitions'}`;
  return (
    <TableScroll label={`${stack.label} per operation`}>
      <table className="data-table results-table operation-table">
        <caption>
          <span className="caption-text">
            {stack.label} per operation, over its {repetitions} used: requests and errors summed, each latency
            percentile the median of the repetitions&apos; percentiles
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky-column">
              Operation
            </th>
            <th scope="col" className="num">
              Requests
            </th>
            <th scope="col" className="num">
              Errors
            </th>
            <th scope="col" className="num">
              p50 (ms)
            </th>
            <th scope="col" className="num">
              p90 (ms)
            </th>
            <th scope="col" className="num">
              p99 (ms)
            </th>
          </tr>
        </thead>
        <tbody>
          {stack.operations.map((operation) => (
            <tr key={operation.operation}>
              <th scope="row" className="sticky-column">
                {operation.operation}
              </th>
              <td className="num">{formatNumber(operation.requests)}</td>
              <td className="num">{formatNumber(operation.errors)}</td>
              <td className="num">{formatMillis(operation.p50)}</td>
              <td className="num">{formatMillis(operation.p90)}</td>
              <td className="num">{formatMillis(operation.p99)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
