import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format';
import type { ComparedRun } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';

/** Each compared run: where to see it whole, how far it got, what it measured and on which machine. */
export function ComparedRunList({ runs }: { runs: ComparedRun[] }) {
  return (
    <TableScroll label="Compared runs">
      <table className="data-table">
        <caption>The runs</caption>
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Status</th>
            <th scope="col">Source</th>
            <th scope="col">Machine</th>
            <th scope="col">Finished</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <th scope="row">
                <Link to={`/r/${encodeURIComponent(run.slug)}`}>{run.slug}</Link>
                {run.baseline ? ' (baseline)' : ''}
              </th>
              <td>
                <StatusBadge status={run.status} />
              </td>
              <td>{run.source ?? '–'}</td>
              <td className="wrap">{run.machine ?? 'not known yet'}</td>
              <td>{formatDateTime(run.finishedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
