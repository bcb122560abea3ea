import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultsCharts } from '@/features/runs/components/results-charts';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import { completedRunFixture, runningRunFixture } from '@/testing/fixtures';

describe('ResultsCharts', () => {
  it('labels both charts provisional while the run measures', { timeout: 30_000 }, async () => {
    const { cells } = runStatistics(runningRunFixture);
    render(<ResultsCharts cells={cells} provisional />);
    // The chart code is loaded lazily; its first import in a test run takes a few seconds.
    const throughput = await screen.findByRole('img', { name: /^Throughput per stack/ }, { timeout: 15_000 });
    expect(throughput).toHaveAccessibleName(/\(provisional: the run is still measuring\)\. /);
    expect(screen.getByRole('img', { name: /^p99 latency per stack/ })).toHaveAccessibleName(
      /^p99 latency per stack \(milliseconds, lower is better\) \(provisional: the run is still measuring\)\. /,
    );
  });

  it('says a stack still building is not measured yet, not that it was not measured', async () => {
    const { cells } = runStatistics(runningRunFixture);
    render(<ResultsCharts cells={cells} provisional />);
    const throughput = await screen.findByRole('img', { name: /^Throughput per stack/ }, { timeout: 15_000 });
    expect(throughput).toHaveAccessibleName(/gSOAP 6,000 req\/s, Apache CXF not measured yet$/);
  });

  it('has no provisional label once the run has ended', async () => {
    const { cells } = runStatistics(completedRunFixture);
    render(<ResultsCharts cells={cells} provisional={false} />);
    const throughput = await screen.findByRole('img', { name: /^Throughput per stack/ }, { timeout: 15_000 });
    expect(throughput).not.toHaveAccessibleName(/provisional/);
  });
});
