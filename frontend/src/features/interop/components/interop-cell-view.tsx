import {
  describeCost,
  describeFigures,
  shortReason,
  shortReasonChars,
} from '@/features/interop/utils/describe-cell';
import type { InteropCell } from '@/types/api-models';

type InteropCellViewProps = { cell: InteropCell };

/** One client x server pair in one mode: pass with its figures and cost, fail, unsupported or pending. */
export function InteropCellView({ cell }: InteropCellViewProps) {
  return (
    <td
      className={`interop-cell interop-cell-${cell.outcome}`}
      data-outcome={cell.outcome}
      data-client={cell.client}
      data-server={cell.server}
    >
      <span className="interop-outcome">{cell.outcome}</span>
      <CellDetail cell={cell} />
    </td>
  );
}

function CellDetail({ cell }: InteropCellViewProps) {
  switch (cell.outcome) {
    case 'pass': {
      const cost = describeCost(cell);
      return (
        <>
          <span className="interop-figures">{describeFigures(cell)}</span>
          {cost && <span className="interop-cost">{cost}</span>}
        </>
      );
    }
    case 'fail':
      // A long fault text is cut in the cell; the whole of it is one click away.
      return cell.reason.length > shortReasonChars ? (
        <details className="interop-reason">
          <summary>{shortReason(cell.reason)}</summary>
          <pre>{cell.reason}</pre>
        </details>
      ) : (
        <span className="interop-reason">{cell.reason}</span>
      );
    case 'unsupported':
      return <span className="interop-reason">{cell.reason}</span>;
    default:
      return null;
  }
}
