import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OperationBreakdown } from '@/features/runs/components/operation-breakdown';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import { twoOperationRunFixture } from '@/testing/fixtures';

const [cell] = runStatistics(twoOperationRunFixture).cells;

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('OperationBreakdown', () => {
  it("gives a table per stack: each operation's requests, errors and latency over the used repetitions", () => {
    render(<OperationBreakdown cell={cell} showCellName={false} provisional={false} />);
    const gsoap = screen.getByRole('table', { name: /^gSOAP per operation/ });
    expect(gsoap).toHaveAccessibleName(
      "gSOAP per operation, over its 2 repetitions used: requests and errors summed, each latency percentile the median of the repetitions' percentiles",
    );
    // Round 3 was flagged for errors: its 50 wrong answers are not among them.
    expect(rowsOf(gsoap)).toEqual([
      ['Operation', 'Requests', 'Errors', 'p50 (ms)', 'p90 (ms)', 'p99 (ms)'],
      ['echo', '310', '0', '0.45', '0.85', '1.60'],
      ['add', '290', '1', '0.65', '1.05', '2.30'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: /^Apache CXF per operation, over its 3/ }))[1]).toEqual([
      'echo',
      '480',
      '0',
      '1.00',
      '2.00',
      '11.0',
    ]);
  });

  it('keeps each table in its own sideways scroll, named apart from the regions of the page', () => {
    render(<OperationBreakdown cell={cell} showCellName={false} provisional={false} />);
    const scroll = screen.getByRole('region', { name: 'gSOAP per operation' });
    expect(scroll).toHaveClass('table-scroll');
    expect(scroll).toContainElement(screen.getByRole('table', { name: /^gSOAP per operation/ }));
  });

  it('names the cell when there are several, and is provisional while the run measures', () => {
    render(<OperationBreakdown cell={cell} showCellName provisional />);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(
      'Per operation: plain · every operation · closed 4×300 · keep-alive (provisional: the run is still measuring)',
    );
  });
});
