import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/status-badge';
import { describeWaitingReason, type StackNames } from '@/features/leaderboards/utils/describe-board';
import { formatDateTime } from '@/lib/format';
import type { Leaderboard, StackStatus } from '@/types/api-models';

/**
 * The official run under way, the board's place in line for a worker, a refused attempt, and the
 * newest official run when it failed or was cancelled.
 */
export function OfficialRunStatus({ board, stackName }: { board: Leaderboard; stackName: StackNames }) {
  const { inFlight, waiting, refused, lastAttempt } = board;
  if (!inFlight && !waiting && !refused && !lastAttempt) return null;
  return (
    <section className="card" aria-labelledby="official-run-heading">
      <h2 id="official-run-heading">Official run</h2>
      {inFlight ? (
        <div className="official-in-flight">
          <p>
            Official run <Link to={`/r/${encodeURIComponent(inFlight.slug)}`}>{inFlight.slug}</Link> is under
            way ({describeWaitingReason(inFlight.reason)}): <StatusBadge status={inFlight.status} />
            {inFlight.step ? <span className="muted"> {inFlight.step}</span> : null}
          </p>
          {inFlight.stacks.length ? (
            <ul className="plain-list official-stacks" aria-label="Stacks of the official run">
              {inFlight.stacks.map((stack) => (
                <li key={`${stack.stack}@${stack.version}`}>
                  {stackName(stack.stack)} {stack.version}:{' '}
                  <StatusBadge status={stack.status as StackStatus} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {waiting ? (
        <p>
          Asked for ({describeWaitingReason(waiting.reason)}) on {formatDateTime(waiting.requestedAt)}; number{' '}
          {waiting.position} in line for an idle {board.hardwareClass} worker. Official runs start only when
          the worker has no user&apos;s run to measure.
        </p>
      ) : null}
      {lastAttempt ? (
        <p className="alert alert-warning" role="note">
          The latest official run,{' '}
          <Link to={`/r/${encodeURIComponent(lastAttempt.slug)}`}>{lastAttempt.slug}</Link>,{' '}
          {lastAttempt.status}
          {lastAttempt.at ? ` on ${formatDateTime(lastAttempt.at)}` : ''}
          {lastAttempt.reason ? `: ${lastAttempt.reason}` : ''}. The board still shows its last completed
          official run.
        </p>
      ) : null}
      {refused ? (
        <p className="alert alert-warning" role="note">
          The last attempt to start an official run was refused ({formatDateTime(refused.at)}):{' '}
          {refused.reason}
        </p>
      ) : null}
    </section>
  );
}
