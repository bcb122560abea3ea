import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeaderboardsRoute } from '@/app/routes/leaderboards';
import { stacksFixture } from '@/testing/fixtures';
import { leaderboardsFixture } from '@/testing/leaderboard-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';

function renderIndex(index = leaderboardsFixture) {
  mockFetch({
    'GET /api/v1/leaderboards': () => jsonResponse(index),
    'GET /api/v1/stacks': () => jsonResponse(stacksFixture),
  });
  return renderWithProviders(<LeaderboardsRoute />, { path: '/leaderboards' });
}

/** The cell of one board in its workload's table: row by security mode, column by hardware class. */
function cellOf(table: HTMLElement, security: string, hardwareClass: string): HTMLElement {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  const column = headers.indexOf(`Hardware class ${hardwareClass}`);
  expect(column, `a column for ${hardwareClass}`).toBeGreaterThan(0);
  const row = within(table).getByRole('row', { name: new RegExp(`^${security}\\b`) });
  return within(row).getAllByRole('cell')[column - 1];
}

describe('leaderboards page', () => {
  it('says that only official runs are ranked, and how far they have come', async () => {
    renderIndex();
    expect(await screen.findByRole('status', { name: 'Progress of the official runs' })).toHaveTextContent(
      '1 of 3 measurable boards measured by an official run (5 boards in all;',
    );
    const progress = screen.getByRole('status', { name: 'Progress of the official runs' });
    expect(progress).toHaveTextContent('1 board waits for an idle worker.');
    expect(
      within(progress).getByRole('link', { name: 'Echo, 1 KB messages · username · local' }),
    ).toHaveAttribute('href', '/leaderboards/echo-1kb-username-local');
    expect(screen.getByText(/Only official runs are ranked/)).toBeInTheDocument();
  });

  it('groups the boards by workload, one cell per security mode and hardware class', async () => {
    renderIndex();
    const echo = await screen.findByRole('region', { name: 'Echo, 1 KB messages' });
    const hello = screen.getByRole('region', { name: 'Hello world' });
    const echoTable = within(echo).getByRole('table');
    expect(
      within(echoTable)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Security mode', 'Hardware class local', 'Hardware class arm64']);
    expect(
      within(echoTable)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['plain', 'username']);

    const ranked = cellOf(echoTable, 'plain', 'local');
    expect(ranked).toHaveTextContent('ranked');
    expect(ranked).toHaveTextContent(
      'Leader: gSOAP 2.8.124, 6,000 req/s (95 % CI 5,800–6,200, 8 repetitions)',
    );
    expect(ranked).toHaveTextContent('Measured 20 Nov 2026');
    expect(within(ranked).getByRole('link', { name: /^Open board/ })).toHaveAttribute(
      'href',
      '/leaderboards/echo-1kb-plain-local',
    );

    const notMeasured = cellOf(echoTable, 'plain', 'arm64');
    expect(notMeasured).toHaveTextContent('not measured');
    expect(notMeasured).toHaveTextContent('no live arm64 worker offers gsoap, cxf');
    expect(notMeasured).not.toHaveTextContent('Leader');

    expect(cellOf(echoTable, 'username', 'local')).toHaveTextContent('measuring');
    // No board for username on arm64: said, never left as an empty cell that reads as not measured.
    expect(cellOf(echoTable, 'username', 'arm64')).toHaveTextContent('no board');

    const helloTable = within(hello).getByRole('table');
    expect(cellOf(helloTable, 'plain', 'local')).toHaveTextContent('waiting');
    const noStack = cellOf(helloTable, 'signencr', 'local');
    expect(noStack).toHaveTextContent('no stack');
    expect(noStack).toHaveTextContent('No stack implements hello-world with security mode signencr yet.');
    expect(within(hello).queryByText(/^Leader/)).not.toBeInTheDocument();
  });

  it('says when no board is defined', async () => {
    renderIndex({
      progress: { boards: 0, measurable: 0, measured: 0, measuring: null, waiting: 0 },
      boards: [],
    });
    expect(await screen.findByText('No leaderboards are defined.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Progress of the official runs' })).toHaveTextContent(
      'No official run is under way. No board is waiting for a worker.',
    );
  });
});
