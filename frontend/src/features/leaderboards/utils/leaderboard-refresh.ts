import type { Leaderboard, Leaderboards } from '@/types/api-models';

export const leaderboardPollMillis = 5_000;

/** The index changes by itself only while some board is measured or waits for a worker. */
export function indexRefetchMillis(index: Leaderboards | undefined): number | false {
  if (!index) return false;
  const busy =
    Boolean(index.progress.measuring) ||
    index.progress.waiting > 0 ||
    index.boards.some((board) => board.state === 'measuring' || board.state === 'waiting');
  return busy ? leaderboardPollMillis : false;
}

/** A board changes by itself only while its official run is under way or asked for. */
export function boardRefetchMillis(board: Leaderboard | undefined): number | false {
  if (!board) return false;
  return board.inFlight || board.waiting ? leaderboardPollMillis : false;
}
