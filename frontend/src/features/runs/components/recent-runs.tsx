import { Link } from 'react-router';
import { useRuns } from '@/features/runs/api/get-runs';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { RunStatusBadge } from '@/features/runs/components/run-status-badge';
import { describeListedRunStatus } from '@/features/runs/utils/run-status';
import { problemOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { TableScroll } from '@/components/ui/table-scroll';

export function RecentRuns() {
  const runs = useRuns({ size: 20 });
  return (
    <section className="card" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent public runs</h2>
      {runs.isPending ? <Loading what="recent runs" /> : null}
      {runs.isError ? (
        <ProblemAlert heading="Could not load recent runs" problem={problemOf(runs.error)} />
      ) : null}
      <p>
        <Link to="/runs">Browse every run</Link> by stack, source, status, CI project or day.
      </p>
      {runs.data && runs.data.items.length === 0 ? <p className="muted">No runs yet.</p> : null}
      {runs.data && runs.data.items.length > 0 ? (
        <TableScroll label="Recent runs">
          <table className="data-table">
            <caption className="visually-hidden">Recent public runs</caption>
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Source</th>
                <th scope="col">Stacks</th>
                <th scope="col">Status</th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((run) => (
                <tr key={run.id}>
                  <th scope="row">
                    <Link to={`/r/${encodeURIComponent(run.slug)}`}>{run.slug}</Link>
                  </th>
                  <td>{run.source ?? '–'}</td>
                  <td>{run.stacks.join(', ')}</td>
                  <td>
                    <RunStatusBadge status={run.status} words={describeListedRunStatus(run)} />
                  </td>
                  <td>{formatDateTime(run.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}
