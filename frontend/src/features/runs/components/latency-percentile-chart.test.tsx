import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LatencyPercentileChart } from '@/features/runs/components/latency-percentile-chart';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import { completedRunFixture, twoOperationRunFixture } from '@/testing/fixtures';
import type { Run } from '@/types/api-models';

const [cell] = runStatistics(twoOperationRunFixture).cells;

describe('LatencyPercentileChart', () => {
  it('draws one line per stack, titled by what it shows', { timeout: 30_000 }, async () => {
    render(<LatencyPercentileChart cell={cell} showCellName={false} provisional={false} />);
    // The chart code is loaded lazily; its first import in a test run takes a few seconds.
    const chart = await screen.findByRole(
      'img',
      { name: /^Latency by percentile \(milliseconds, lower is better\)/ },
      { timeout: 15_000 },
    );
    expect(chart).toHaveAccessibleName(
      'Latency by percentile (milliseconds, lower is better). Its figures are in the table "Latency by percentile" that follows.',
    );
    expect(chart.closest('figure')).toHaveTextContent(
      'Latency by percentile (milliseconds, lower is better)',
    );
  });

  it('gives the figures at 50 … 99.99 % and the maximum in a table for screen readers', () => {
    render(<LatencyPercentileChart cell={cell} showCellName={false} provisional={false} />);
    const table = screen.getByRole('table', { name: 'Latency by percentile (milliseconds)' });
    expect(table.closest('.visually-hidden')).not.toBeNull();
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Stack', '50 %', '90 %', '99 %', '99.9 %', '99.99 %', 'Max'],
      ['Apache CXF', '1.25', '10.4', '12.5', '34.6', '36.8', '42.0'],
      ['gSOAP', '0.50', '1.72', '2.00', '3.58', '3.73', '4.10'],
    ]);
  });

  it('labels the chart provisional while the run measures, and names the cell when there are several', async () => {
    render(<LatencyPercentileChart cell={cell} showCellName provisional />);
    expect(
      await screen.findByText(
        'Latency by percentile: plain · every operation · closed 4×300 · keep-alive (milliseconds, lower is better) (provisional: the run is still measuring)',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
  });

  it('draws nothing for a run whose summary carries no curves', () => {
    const [plain] = runStatistics(completedRunFixture as Run).cells;
    const { container } = render(
      <LatencyPercentileChart cell={plain} showCellName={false} provisional={false} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
