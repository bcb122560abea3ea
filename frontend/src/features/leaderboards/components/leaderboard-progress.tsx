import { Link } from 'react-router';
import { boardName } from '@/features/leaderboards/utils/board-grid';
import { formatNumber } from '@/lib/format';
import type { LeaderboardLine, LeaderboardProgress as Progress } from '@/types/api-models';

type LeaderboardProgressProps = {
  progress: Progress;
  boards: LeaderboardLine[];
};

/** How far the official runs have filled the boards, what is measured now and how many wait. */
export function LeaderboardProgress({ progress, boards }: LeaderboardProgressProps) {
  const measuring = progress.measuring ? boards.find((board) => board.id === progress.measuring) : undefined;
  return (
    <section className="card" aria-labelledby="progress-heading">
      <h2 id="progress-heading">Progress</h2>
      <p role="status" aria-label="Progress of the official runs" className="leaderboard-progress">
        {formatNumber(progress.measured)} of {formatNumber(progress.measurable)} measurable{' '}
        {progress.measurable === 1 ? 'board' : 'boards'} measured by an official run (
        {formatNumber(progress.boards)} {progress.boards === 1 ? 'board' : 'boards'} in all; a board is
        measurable when a live worker offers a stack for it).{' '}
        {progress.measuring ? (
          <>
            Being measured now:{' '}
            <Link to={`/leaderboards/${encodeURIComponent(progress.measuring)}`}>
              {measuring ? boardName(measuring) : progress.measuring}
            </Link>
            .
          </>
        ) : (
          'No official run is under way.'
        )}{' '}
        {progress.waiting === 0
          ? 'No board is waiting for a worker.'
          : `${formatNumber(progress.waiting)} ${progress.waiting === 1 ? 'board waits' : 'boards wait'} for an idle worker.`}
      </p>
    </section>
  );
}
