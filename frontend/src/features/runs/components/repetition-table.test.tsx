import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RepetitionTable } from '@/features/runs/components/repetition-table';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import { twoOperationRunFixture } from '@/testing/fixtures';

const [cell] = runStatistics(twoOperationRunFixture).cells;

describe('RepetitionTable', () => {
  it('is folded until asked for', async () => {
    render(<RepetitionTable cell={cell} showCellName={false} provisional={false} />);
    const summary = screen.getByText('Every repetition', { selector: 'summary' });
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(details).toHaveAttribute('open');
  });

  it("gives each round's throughput and p99 per stack, and the round's order", () => {
    render(<RepetitionTable cell={cell} showCellName={false} provisional={false} />);
    const table = screen.getByRole('table', { name: 'Every repetition' });
    const [stacks, figures] = within(table).getAllByRole('row');
    // Without a verdict the stacks go by name, as in the results table.
    expect(
      within(stacks)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Round', 'Apache CXF', 'gSOAP', 'Round order']);
    expect(
      within(figures)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Throughput (req/s)', 'p99 (ms)', 'Throughput (req/s)', 'p99 (ms)']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(2)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', '2,400', '12.5', '6,000', '1.80', 'gSOAP → Apache CXF'],
      ['2', '2,500', '12.5', '6,100', '1.90', 'Apache CXF → gSOAP'],
      ['3', '2,600', '12.5', '3,000 flagged: errors', '1.80', 'gSOAP → Apache CXF'],
    ]);
  });

  it('marks a flagged repetition and says flagged ones are left out of the figures', () => {
    render(<RepetitionTable cell={cell} showCellName={false} provisional={false} />);
    const flagged = screen.getByText('flagged: errors').closest('td')!;
    expect(flagged).toHaveClass('flagged-value');
    expect(
      screen.getByText(/flagged ones are counted but left out of every figure above/),
    ).toBeInTheDocument();
  });

  it('names the cell when there are several, and is provisional while the run measures', () => {
    render(<RepetitionTable cell={cell} showCellName provisional />);
    expect(screen.getByText(/^Every repetition:/, { selector: 'summary' })).toHaveTextContent(
      'Every repetition: plain · every operation · closed 4×300 · keep-alive',
    );
    expect(screen.getByRole('table')).toHaveAccessibleName(
      'Every repetition: plain · every operation · closed 4×300 · keep-alive (provisional: the run is still measuring)',
    );
  });
});
