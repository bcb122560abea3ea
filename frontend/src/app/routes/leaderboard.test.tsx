import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeaderboardRoute } from '@/app/routes/leaderboard';
import {
  loneStackBoardFixture,
  measuredBoardFixture,
  measuringBoardFixture,
  rankedBoardFixture,
  waitingBoardFixture,
} from '@/testing/leaderboard-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { Leaderboard } from '@/types/api-models';

function renderBoard(board: Leaderboard) {
  mockFetch({ [`GET /api/v1/leaderboards/${board.id}`]: () => jsonResponse(board) });
  return renderWithProviders(<LeaderboardRoute />, {
    path: '/leaderboards/:board',
    route: `/leaderboards/${board.id}`,
  });
}

function standingTable() {
  return screen.getByRole('table', { name: /^Standing/ });
}

/** Each body row of the standing as its cells' text, keyed by column header. */
function standingRows(): Record<string, string>[] {
  const table = standingTable();
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
      return Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? '']));
    });
}

describe('leaderboard page', () => {
  it('shows the board, its basis with a link to the official run, and its workload', async () => {
    renderBoard(rankedBoardFixture);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Leaderboard: Echo, 1 KB messages' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Board state' })).toHaveTextContent('ranked');
    expect(screen.getByText('Catalog service').nextElementSibling).toHaveTextContent('echo');
    expect(screen.getByText('Security mode').nextElementSibling).toHaveTextContent('plain');
    expect(screen.getByText('Hardware class').nextElementSibling).toHaveTextContent('local');
    const standing = screen.getByRole('region', { name: 'Standing' });
    expect(within(standing).getByRole('link', { name: 'ofc123' })).toHaveAttribute('href', '/r/ofc123');
    expect(standing).toHaveTextContent(
      'Bands from the paired verdicts of official run ofc123, every stack measured interleaved on worker w1',
    );
    expect(standing).toHaveTextContent("the reference's throughput moved by 3 %");
    expect(screen.getByText("The board's fixed workload (JSON)")).toBeInTheDocument();
    expect(screen.getByText(/"dataset": "echo\/1kb"/)).toBeInTheDocument();
  });

  it('lists the stacks in band order with their intervals, verdicts and what they rest on', async () => {
    renderBoard(rankedBoardFixture);
    await screen.findByRole('table', { name: 'Standing: plain' });
    const rows = standingRows();
    expect(rows.map((row) => row.Stack)).toEqual(['gSOAP', 'Metro', 'Apache CXF', 'Spyne', 'Apache Axis2']);

    const [gsoap, metro, cxf, spyne] = rows;
    expect(gsoap.Band).toBe('1, tied with Metro 4.0.2');
    expect(metro.Band).toBe('1, tied with gSOAP 2.8.124');
    expect(cxf.Band).toBe('2');
    expect(gsoap['Against the leader']).toBe('the leader');
    expect(cxf['Against the leader']).toBe(
      'cxf@4.2.3 is slower than gsoap@2.8.124 by 2.47× (95 % CI 2.35–2.60×, 6 paired rounds) 40.5 % of the leader',
    );
    // Six repetitions give a 95 % interval; four cover the median with 87.5 % only, and say so.
    expect(gsoap['Throughput (req/s)']).toBe('6,000 [5,800–6,200]');
    expect(cxf['Throughput (req/s)']).toBe('2,400 [2,300–2,550], 87.5 % coverage');
    expect(cxf['p99 latency (ms)']).toBe('12.5 [11.0–14.0], 87.5 % coverage');
    expect(gsoap['CPU s per 1,000 requests']).toBe('0.42');
    expect(gsoap['Peak RSS (MiB)']).toBe('12.0');
    expect(cxf['Rests on']).toBe('4 of 6 repetitions · 1,200 requests');

    expect(spyne.Band).toBe('–');
    expect(spyne.Note).toBe(
      "not ranked: 4 of 6 repetitions had a larger share of errors than the workload's maxErrorRatio",
    );
    const axis2 = within(standingTable()).getByRole('row', { name: /Apache Axis2/ });
    expect(axis2).toHaveTextContent('not measured: build failed (wsdl2java: unsupported binding)');
    expect(axis2).not.toHaveTextContent('not measured: not measured');
  });

  it('shows figures but no bands or ranks without enough data for a verdict', async () => {
    renderBoard(measuredBoardFixture);
    const verdict = await screen.findByRole('region', { name: 'Verdict' });
    expect(verdict).toHaveTextContent('not enough data for a verdict: 2 paired rounds, at least 6 needed');
    const table = standingTable();
    expect(within(table).queryByRole('columnheader', { name: 'Band' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Against the leader' })).not.toBeInTheDocument();
    expect(table).not.toHaveTextContent('the leader');
    expect(table).not.toHaveTextContent('not ranked');
    const [gsoap] = standingRows();
    expect(gsoap.Stack).toBe('gSOAP');
    expect(gsoap['Throughput (req/s)']).toBe('6,000 [5,800–6,200], 50.0 % coverage');
    expect(gsoap['Rests on']).toBe('2 of 2 repetitions · 600 requests');
  });

  it('ranks nothing when a lone stack has nothing to be compared with, whatever the answer says', async () => {
    renderBoard(loneStackBoardFixture);
    const verdict = await screen.findByRole('region', { name: 'Verdict' });
    expect(verdict).toHaveTextContent('no verdict: one stack on this board, nothing to compare it with');
    expect(within(standingTable()).queryByRole('columnheader', { name: 'Band' })).not.toBeInTheDocument();
    expect(standingRows().map((row) => row.Stack)).toEqual(['gSOAP']);
    expect(standingTable()).not.toHaveTextContent('the leader');
  });

  it('draws the history and lists its segments, saying they are not comparable', async () => {
    renderBoard(rankedBoardFixture);
    // The chart code is loaded lazily; its first import in a test run takes a few seconds.
    const chart = await screen.findByRole(
      'img',
      { name: /^History of Echo, 1 KB messages/ },
      { timeout: 15_000 },
    );
    expect(chart.getAttribute('aria-label')).toMatch(
      /segment 2 \(the machine changed: .*\): gSOAP .*6,000 req\/s/,
    );
    expect(screen.getByText(/Figures in different segments are not comparable/)).toBeInTheDocument();
    const segments = screen.getByRole('list', { name: 'Segments' });
    expect(within(segments).getAllByRole('listitem')).toHaveLength(2);
    expect(within(segments).getAllByRole('listitem')[1]).toHaveTextContent(
      'started because the machine changed: Intel Xeon E5-2680',
    );
  });

  it('lists users’ runs of the workload beside the board as unverified', async () => {
    renderBoard(rankedBoardFixture);
    const unverified = await screen.findByRole('region', {
      name: "Unverified (users' runs of this workload, not ranked)",
    });
    expect(within(unverified).getByRole('link', { name: 'usr777' })).toHaveAttribute('href', '/r/usr777');
    expect(unverified).toHaveTextContent('gSOAP 2.8.124: 7,100 req/s [6,900–7,300]');
    // Faster than the official figure, and still not in the standing.
    expect(standingTable()).not.toHaveTextContent('7,100');
  });

  it('says why a board has no standing yet, where it stands in line, and draws no history', async () => {
    renderBoard(waitingBoardFixture);
    const standing = await screen.findByRole('region', { name: 'Standing' });
    expect(standing).toHaveTextContent('Asked for (first); number 2 in line for an idle local worker.');
    expect(screen.queryByRole('table', { name: /^Standing/ })).not.toBeInTheDocument();
    const official = screen.getByRole('region', { name: 'Official run' });
    expect(official).toHaveTextContent('Asked for (its first official run)');
    expect(official).toHaveTextContent('number 2 in line for an idle local worker');
    expect(within(official).getByRole('note')).toHaveTextContent('no live local worker offers cxf');
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'The standing (CSV)' })).not.toBeInTheDocument();
  });

  it('shows the official run under way with its stacks', async () => {
    renderBoard(measuringBoardFixture);
    const official = await screen.findByRole('region', { name: 'Official run' });
    expect(within(official).getByRole('link', { name: 'ofc900' })).toHaveAttribute('href', '/r/ofc900');
    expect(official).toHaveTextContent('running');
    expect(official).toHaveTextContent('building cxf');
    expect(within(official).getByRole('list', { name: 'Stacks of the official run' })).toHaveTextContent(
      'cxf 4.2.3: building',
    );
  });

  it('says when the newest official run failed, and keeps the standing of the last completed one', async () => {
    renderBoard({
      ...rankedBoardFixture,
      lastAttempt: {
        runId: '44444444-4444-4444-8444-444444444444',
        slug: 'ofc950',
        status: 'failed',
        reason: 'worker w1 went silent while measuring cxf',
        at: '2026-11-24T10:00:00Z',
      },
    });
    const official = await screen.findByRole('region', { name: 'Official run' });
    expect(within(official).getByRole('link', { name: 'ofc950' })).toHaveAttribute('href', '/r/ofc950');
    expect(official).toHaveTextContent('failed');
    expect(official).toHaveTextContent('worker w1 went silent while measuring cxf');
    expect(standingRows().length).toBeGreaterThan(1);
  });

  it('says plainly when there is no such board', async () => {
    mockFetch({});
    renderWithProviders(<LeaderboardRoute />, {
      path: '/leaderboards/:board',
      route: '/leaderboards/no-such-board',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Leaderboard not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('no-such-board')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'see every leaderboard' })).toHaveAttribute(
      'href',
      '/leaderboards',
    );
  });
});
