import { Link } from 'react-router';
import type { StackNames } from '@/features/leaderboards/utils/describe-board';
import { formatDateTime, formatRate } from '@/lib/format';
import type { LeaderboardHistoryValue, LeaderboardUnverifiedRun } from '@/types/api-models';

function describeValue(value: LeaderboardHistoryValue, stackName: StackNames): string {
  const interval = value.low !== value.high ? ` [${formatRate(value.low)}–${formatRate(value.high)}]` : '';
  return `${value.displayName || stackName(value.stack)} ${value.version}: ${formatRate(value.throughput)} req/s${interval}`;
}

/** Users' public runs of the board's workload: beside the board, never in its order. */
export function UnverifiedRuns({
  runs,
  stackName,
}: {
  runs: LeaderboardUnverifiedRun[];
  stackName: StackNames;
}) {
  return (
    <section className="card" aria-labelledby="unverified-heading">
      <h2 id="unverified-heading">Unverified (users&apos; runs of this workload, not ranked)</h2>
      <p className="muted small">
        Public runs users submitted with this board&apos;s workload, on machines of the same hardware class.
        They are not official runs, so they never change the board&apos;s order.
      </p>
      {runs.length === 0 ? (
        <p className="muted">No user has run this workload publicly yet.</p>
      ) : (
        <ul className="unverified-runs" aria-label="Unverified runs">
          {runs.map((run) => (
            <li key={run.runId}>
              <Link to={`/r/${encodeURIComponent(run.slug)}`}>{run.slug}</Link>
              {run.finishedAt ? <span className="muted"> · {formatDateTime(run.finishedAt)}</span> : null}
              <ul className="plain-list small">
                {run.stacks.map((value) => (
                  <li key={`${value.stack}@${value.version}`}>{describeValue(value, stackName)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
