import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatioTable } from '@/features/studies/components/ratio-table';
import { claimComparisonsFixture } from '@/features/studies/testing/claim-fixtures';
import { sosnoskiStudyRunFixture } from '@/testing/study-fixtures';

const names = (id: string) => ({ cxf: 'Apache CXF', metro: 'Metro', axis2: 'Apache Axis2' })[id] ?? id;

function rowTexts(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('RatioTable', () => {
  it('gives each claim our paired interval and a verdict with its reason, a claim over several cells a row per cell', () => {
    render(
      <RatioTable
        comparisons={claimComparisonsFixture}
        stackName={names}
        sizeLabel={(size) => `${size} responses`}
      />,
    );
    const table = screen.getByRole('table', { name: 'Published ratios and ours' });
    const texts = rowTexts(table);

    expect(texts[0]).toEqual([
      'Metro over Apache CXF',
      'Without security, Metro is about 25 percent faster than CXF.small responses · plain',
      '×1.25read as 1.13–1.38× (1.25× ± 10 %)',
      '1.52× (95 % CI 1.40–1.66×, 6 rounds)',
      "reproducedour 95 % interval 1.40–1.66× overlaps the article's 1.13–1.38× (1.25× ± 10 %)",
    ]);
    // Across the security modes: the claim's row, then one row per cell.
    expect(texts[1][3]).toBe('per cell, in the 3 rows below');
    expect(texts[1][4]).toMatch(/^not reproducedreproduced in 1 of 3 cells; not reproduced in 1/);
    expect(texts.slice(2, 5).map((row) => [row[0], row[3], row[4]?.split('our')[0]])).toEqual([
      ['↳ Metro over Apache CXF, plain', '1.20× (95 % CI 1.12–1.30×, 8 rounds)', 'reproduced'],
      ['↳ Metro over Apache CXF, username', '1.37× (95 % CI 1.30–1.45×, 8 rounds)', 'not reproduced'],
      [
        '↳ Metro over Apache CXF, sign',
        'not measured',
        'not measurablethe cell is pending: no stack of the study supports sign yet (cxf: supports plain, username only)',
      ],
    ]);
    // Too few rounds: "not enough data", not a verdict badge.
    const tooFew = within(table).getByRole('row', { name: /Apache Axis2 over Apache CXF/ });
    expect(within(tooFew).getAllByRole('cell')[1]).toHaveTextContent('at most ×0.50');
    expect(within(tooFew).getAllByRole('cell')[2]).toHaveTextContent('not enough data');
    expect(within(tooFew).getAllByRole('cell')[3]).toHaveTextContent(
      'not enough data' + 'not enough data: 3 paired rounds, at least 6 needed',
    );
    expect(tooFew.querySelector('.badge')).toBeNull();
    expect(tooFew).toHaveClass('pending');

    const reversed = within(table).getByRole('row', { name: /Apache CXF over Metro/ });
    expect(within(reversed).getByText('reversed')).toHaveClass('badge', 'badge-bad');
    expect(within(reversed).getAllByRole('cell')[2]).toHaveTextContent(
      '0.90× (95 % CI 0.86–0.94×, 8 rounds)',
    );
    for (const badge of within(table).getAllByText('reproduced', { selector: '.badge' })) {
      expect(badge).toHaveClass('badge-good');
    }
    for (const badge of within(table).getAllByText('not reproduced', { selector: '.badge' })) {
      expect(badge).toHaveClass('badge-warning');
    }
  });

  it('shows the median ratio where a study run has no verdicts', () => {
    render(
      <RatioTable
        comparisons={sosnoskiStudyRunFixture.comparisons}
        stackName={names}
        sizeLabel={(size) => `${size} responses`}
      />,
    );
    const texts = rowTexts(screen.getByRole('table', { name: 'Published ratios and ours' }));
    expect(texts.map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      ['Metro over Apache CXF', '×1.10', '×1.08', '–'],
      ['Apache Axis2 over Apache CXF', 'at most ×0.50', '×0.44', '–'],
      ['Apache CXF over Metro', '×1.15', 'pending', '–'],
    ]);
  });

  it('sits in a named region that scrolls sideways on a narrow screen', () => {
    render(<RatioTable comparisons={claimComparisonsFixture} stackName={names} sizeLabel={(size) => size} />);
    const region = screen.getByRole('region', { name: 'Ratios against the article' });
    expect(region).toHaveClass('table-scroll');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });
});
