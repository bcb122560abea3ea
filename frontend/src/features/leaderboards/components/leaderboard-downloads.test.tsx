import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeaderboardDownloads } from '@/features/leaderboards/components/leaderboard-downloads';
import { rankedBoardFixture, waitingBoardFixture } from '@/testing/leaderboard-fixtures';
import { renderWithProviders } from '@/testing/test-utils';

describe('leaderboard downloads', () => {
  it('links the standing as CSV and the whole board as JSON', () => {
    renderWithProviders(<LeaderboardDownloads board={rankedBoardFixture} />);
    const csv = screen.getByRole('link', { name: 'The standing (CSV)' });
    expect(csv).toHaveAttribute('href', '/api/v1/leaderboards/echo-1kb-plain-local?format=csv');
    expect(csv).toHaveAttribute('download', 'soapbench-leaderboard-echo-1kb-plain-local.csv');
    const json = screen.getByRole('link', { name: 'The board with its history (JSON)' });
    expect(json).toHaveAttribute('href', '/api/v1/leaderboards/echo-1kb-plain-local');
    expect(json).toHaveAttribute('download', 'soapbench-leaderboard-echo-1kb-plain-local.json');
  });

  it('offers no CSV before the board has a standing, which would be its header alone', () => {
    renderWithProviders(<LeaderboardDownloads board={waitingBoardFixture} />);
    expect(screen.queryByRole('link', { name: 'The standing (CSV)' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The board with its history (JSON)' })).toHaveAttribute(
      'href',
      '/api/v1/leaderboards/echo-1kb-username-local',
    );
  });
});
