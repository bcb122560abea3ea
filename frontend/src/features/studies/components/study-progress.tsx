import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/status-badge';
import { driverLabel } from '@/lib/driver';
import { formatRate } from '@/lib/format';
import type { StudyCell, StudyStackFigures } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';

type StudyProgressProps = {
  cells: StudyCell[];
  stackName: (id: string) => string;
  sizeLabel: (size: string) => string;
};

function describeStack(figures: StudyStackFigures, stackName: (id: string) => string): string {
  const throughput = figures.throughput ? `, ${formatRate(figures.throughput.median)} req/s` : '';
  return `${stackName(figures.stack)}: ${figures.status.replace('_', ' ')}${throughput}`;
}

/** One row per cell of the matrix; a pending cell is never sent and says why. */
export function StudyProgress({ cells, stackName, sizeLabel }: StudyProgressProps) {
  const done = cells.filter((cell) => ['completed', 'failed', 'cancelled'].includes(cell.status)).length;
  const pending = cells.filter((cell) => cell.status === 'pending').length;
  return (
    <section className="card" aria-labelledby="progress-heading">
      <h2 id="progress-heading">Progress per cell</h2>
      <p className="muted">
        {done} of {cells.length - pending} cells finished
        {pending ? `; ${pending} pending (no stack can run their security mode yet)` : ''}.
      </p>
      <TableScroll label="Progress of the study">
        <table className="data-table">
          <caption className="visually-hidden">Cells of the study run</caption>
          <thead>
            <tr>
              <th scope="col">Cell</th>
              <th scope="col">Request sequence</th>
              <th scope="col">Security</th>
              <th scope="col" className="num">
                Connections
              </th>
              <th scope="col">Method</th>
              <th scope="col">Measured by</th>
              <th scope="col">Status</th>
              <th scope="col">Stacks</th>
            </tr>
          </thead>
          <tbody>
            {cells.map((cell) => (
              <tr key={cell.id} className={cell.status === 'pending' ? 'pending' : undefined}>
                <th scope="row">
                  {cell.runId ? (
                    <Link to={`/runs/${encodeURIComponent(cell.runId)}`}>{cell.id}</Link>
                  ) : (
                    cell.id
                  )}
                </th>
                <td>{sizeLabel(cell.size)}</td>
                <td>{cell.security}</td>
                <td className="num">{cell.concurrency}</td>
                <td>{cell.method}</td>
                <td>{cell.driver ? driverLabel(cell.driver) : <span className="muted">not yet</span>}</td>
                <td className="wrap">
                  <StatusBadge status={cell.status} />
                  {cell.reason ? <div className="muted small">{cell.reason}</div> : null}
                </td>
                <td className="wrap">
                  {cell.status === 'pending' ? (
                    <span className="muted">pending</span>
                  ) : (
                    <ul className="plain-list">
                      {cell.stacks.map((figures) => (
                        <li key={figures.stack} title={figures.reason ?? undefined}>
                          {describeStack(figures, stackName)}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
