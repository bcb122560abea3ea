import { describe, expect, it } from 'vitest';
import {
  boardRefetchMillis,
  indexRefetchMillis,
  leaderboardPollMillis,
} from '@/features/leaderboards/utils/leaderboard-refresh';
import {
  leaderboardsFixture,
  measuringBoardFixture,
  rankedBoardFixture,
  waitingBoardFixture,
} from '@/testing/leaderboard-fixtures';

const settledIndex = {
  progress: { ...leaderboardsFixture.progress, measuring: null, waiting: 0 },
  boards: leaderboardsFixture.boards.filter(
    (board) => board.state !== 'measuring' && board.state !== 'waiting',
  ),
};

describe('leaderboard refresh', () => {
  it('polls the index while a board is measured or waits, and only then', () => {
    expect(indexRefetchMillis(leaderboardsFixture)).toBe(leaderboardPollMillis);
    expect(indexRefetchMillis(settledIndex)).toBe(false);
    expect(indexRefetchMillis({ ...settledIndex, progress: { ...settledIndex.progress, waiting: 1 } })).toBe(
      leaderboardPollMillis,
    );
    expect(
      indexRefetchMillis({
        ...settledIndex,
        progress: { ...settledIndex.progress, measuring: 'echo-1kb-plain-local' },
      }),
    ).toBe(leaderboardPollMillis);
    expect(indexRefetchMillis(undefined)).toBe(false);
  });

  it('polls a board while its official run is under way or asked for, and stops once it has settled', () => {
    expect(boardRefetchMillis(measuringBoardFixture)).toBe(leaderboardPollMillis);
    expect(boardRefetchMillis(waitingBoardFixture)).toBe(leaderboardPollMillis);
    // A ranked board asked to be measured again keeps its standing and polls while it waits.
    expect(boardRefetchMillis({ ...rankedBoardFixture, waiting: waitingBoardFixture.waiting })).toBe(
      leaderboardPollMillis,
    );
    expect(boardRefetchMillis(rankedBoardFixture)).toBe(false);
    expect(boardRefetchMillis(undefined)).toBe(false);
  });
});
