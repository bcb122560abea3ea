import { Link } from 'react-router';
import { StandingTable } from '@/features/leaderboards/components/standing-table';
import {
  describeNotEnoughData,
  entryKey,
  standingHasVerdicts,
} from '@/features/leaderboards/utils/describe-entry';
import type { Leaderboard, LeaderboardStanding } from '@/types/api-models';

/** The basis sentence with the official run's slug made a link to the run. */
function Basis({ standing }: { standing: LeaderboardStanding }) {
  const link = <Link to={`/r/${encodeURIComponent(standing.slug)}`}>{standing.slug}</Link>;
  const at = standing.basis.indexOf(standing.slug);
  if (at < 0)
    return (
      <p className="standing-basis">
        {standing.basis} <span className="muted">(official run {link})</span>
      </p>
    );
  return (
    <p className="standing-basis">
      {standing.basis.slice(0, at)}
      {link}
      {standing.basis.slice(at + standing.slug.length)}
    </p>
  );
}

/** The board's order from its latest completed official run, or the state it is in without one. */
export function StandingSection({ board }: { board: Leaderboard }) {
  const standing = board.standing;
  const hasVerdicts = standing ? standingHasVerdicts(standing) : false;
  return (
    <section className="card" aria-labelledby="standing-heading">
      <h2 id="standing-heading">Standing</h2>
      {standing ? (
        <>
          <Basis standing={standing} />
          <section className="verdicts" aria-label={hasVerdicts ? 'Verdicts' : 'Verdict'}>
            {hasVerdicts ? (
              <p className="muted small">
                {leaderSentence(standing)} Stacks in one band are tied: the paired verdicts do not show them
                to differ, so they are not ordered.
              </p>
            ) : (
              <p className="verdict-none">{describeNotEnoughData(standing)}</p>
            )}
            {standing.drift ? <p className="drift small">{standing.drift.text}</p> : null}
          </section>
          <StandingTable standing={standing} />
        </>
      ) : (
        <p>{board.stateText}</p>
      )}
    </section>
  );
}

function leaderSentence(standing: LeaderboardStanding): string {
  const leader = standing.entries.find((entry) => standing.leader && entryKey(entry) === standing.leader);
  return leader
    ? `Every stack is compared with the leader, ${leader.displayName} ${leader.version}, round by round.`
    : '';
}
