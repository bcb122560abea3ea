import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CellVerdicts } from '@/features/runs/components/cell-verdicts';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import { completedRunFixture } from '@/testing/fixtures';
import { repeatedRunFixture } from '@/testing/statistics-fixtures';
import type { Run, SummaryCell } from '@/types/api-models';

function renderVerdicts(run: Run, { provisional = false } = {}) {
  const [cell] = runStatistics(run).cells;
  render(<CellVerdicts cell={cell} showCellName={false} provisional={provisional} />);
  return screen.getByRole('region', { name: /^Verdicts?$/ });
}

describe('CellVerdicts', () => {
  it("shows every verdict in the API's own words, in the API's order", () => {
    const region = renderVerdicts(repeatedRunFixture);
    const sentences = within(region)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(sentences).toEqual(repeatedRunFixture.summary!.cells[0].comparisons!.map((c) => c.text));
    expect(sentences).toEqual([
      'cxf@4.2.3 and metro@4.0.5 are tied: ratio 0.97× (95 % CI 0.94–1.01×, 7 paired rounds), the difference is within the interval',
      'axis2@2.0.0 is slower than metro@4.0.5 by 2.47× (95 % CI 2.31–2.65×, 6 paired rounds)',
    ]);
  });

  it("names the reference, how it was chosen, and the reference's drift", () => {
    const region = renderVerdicts(repeatedRunFixture);
    expect(region).toHaveTextContent(
      "Ratios are against Metro, the fastest stack by median throughput. Stacks in one band are tied with the band's first stack: not ordered.",
    );
    expect(
      within(region).getByText(/^the reference's throughput moved by 7\.3 % across 7 rounds/),
    ).toHaveTextContent(repeatedRunFixture.summary!.cells[0].drift!.text);
  });

  it("shows only the cell's not-enough-data sentence: no pair, no reference, no winner", () => {
    const region = renderVerdicts(completedRunFixture);
    expect(region).toHaveAccessibleName('Verdict');
    expect(
      within(region).getByText(completedRunFixture.summary!.cells[0].notEnoughData!),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('listitem')).not.toBeInTheDocument();
    expect(region).not.toHaveTextContent(/faster|slower|tied|reference|against/);
  });

  it('shows no verdict when the backend claims enough data but a pair has fewer than six rounds', () => {
    const summary = repeatedRunFixture.summary!;
    const [cell] = summary.cells;
    const [tied, slower] = cell.comparisons!;
    const run: Run = {
      ...repeatedRunFixture,
      summary: { ...summary, cells: [{ ...cell, comparisons: [tied, { ...slower, rounds: 5 }] }] },
    };
    const region = renderVerdicts(run);
    expect(within(region).queryByRole('listitem')).not.toBeInTheDocument();
    expect(region).toHaveTextContent('not enough data for a verdict: at least 6 paired rounds needed');
  });

  it('says a summary without paired comparisons gives no verdict', () => {
    const summary = repeatedRunFixture.summary!;
    const [cell] = summary.cells;
    // An older backend sends none of the paired fields, which the contract now requires.
    const legacy = {
      ...cell,
      reference: undefined,
      referenceChosenBy: undefined,
      enoughData: undefined,
      notEnoughData: undefined,
      comparisons: undefined,
      drift: undefined,
    } as unknown as SummaryCell;
    const region = renderVerdicts({ ...repeatedRunFixture, summary: { ...summary, cells: [legacy] } });
    expect(region).toHaveTextContent('no verdict: this summary carries no paired comparisons');
  });

  it('labels the verdicts provisional while the run is still measuring, keeping their words', () => {
    const region = renderVerdicts({ ...repeatedRunFixture, status: 'running' }, { provisional: true });
    expect(within(region).getByText('provisional: the run is still measuring')).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent(
      /^cxf@4\.2\.3 and metro@4\.0\.5 are tied: ratio 0\.97×/,
    );
  });
});
