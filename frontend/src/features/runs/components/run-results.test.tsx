import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunResults } from '@/features/runs/components/run-results';
import { describeLoad } from '@/features/runs/components/run-summary';
import { axis2BuildFailure, completedRunFixture, completedWithFailureRunFixture } from '@/testing/fixtures';
import { capacityRunFixture, repeatedRunFixture } from '@/testing/statistics-fixtures';

describe('RunResults', () => {
  it("puts each cell's verdicts above its table", () => {
    render(<RunResults run={repeatedRunFixture} />);
    const verdicts = screen.getByRole('region', { name: 'Verdicts' });
    const table = screen.getByRole('table', { name: 'Results per stack' });
    expect(verdicts.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/provisional/)).not.toBeInTheDocument();
  });

  it('shows nothing as final while the run is still measuring', () => {
    for (const status of ['queued', 'running', 'cancelling'] as const) {
      const { unmount } = render(<RunResults run={{ ...repeatedRunFixture, status }} />);
      const verdicts = screen.getByRole('region', { name: 'Verdicts' });
      expect(within(verdicts).getByText('provisional: the run is still measuring')).toBeInTheDocument();
      const table = screen.getByRole('table', { name: /^Results per stack/ });
      const bands = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelectorAll('td')[1].textContent);
      expect(bands.filter((band) => /^\d/.test(band ?? ''))).toEqual([
        '1, tied with Apache CXF (provisional)',
        '1, tied with Metro (provisional)',
        '2 (provisional)',
      ]);
      unmount();
    }
  });

  it('shows the verdicts as final once the run has ended, cancelled ones included', () => {
    for (const status of ['completed', 'cancelled', 'failed'] as const) {
      const { unmount } = render(<RunResults run={{ ...repeatedRunFixture, status }} />);
      expect(screen.queryByText(/provisional/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('shows the rate each stack held within the objective, with the steps that found it', () => {
    render(<RunResults run={capacityRunFixture} />);
    expect(
      screen.getByRole('heading', { name: /^Capacity at the SLO \(p99 ≤ 20\.0 ms\)/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/8,000 req\/s \(median of 7,900, 8,000, 8,100\)/)).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'gSOAP repetition 1 steps' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      '2,000 req/s: p99 1.10 ms, within the objective',
      '4,000 req/s: p99 2.50 ms, within the objective',
      '8,000 req/s: p99 12.0 ms, within the objective',
      '16,000 req/s: p99 250.0 ms, over the objective',
    ]);
  });

  it('says where the figures were measured: CPU sharing, fingerprint and configuration hash', () => {
    render(<RunResults run={completedRunFixture} />);
    const details = screen.getByText('Measurement details').closest('details')!;
    expect(details).toHaveTextContent('CPU sharingserver and driver share 2 CPUs');
    expect(details).toHaveTextContent('AMD EPYC 7B13, 2 cores, governor performance');
    expect(details).toHaveTextContent('Configuration hashsha256:5d41402abc4b2a76b9719d911017c592');
  });

  it('describes each load model in its own terms', () => {
    const workload = completedRunFixture.workload!;
    expect(describeLoad(workload)).toBe('300 requests over 4 connections (closed model)');
    expect(
      describeLoad({ ...workload, load: { model: 'open', ratePerSecond: 2000, durationSeconds: 30 } }),
    ).toBe('2,000 requests per second for 30 s (open model, latency corrected for coordinated omission)');
    expect(describeLoad(capacityRunFixture.workload!)).toBe(
      'highest rate with p99 within 20 ms, up to 64 connections (capacity model)',
    );
  });

  it('lists every stack of a run that measured nothing, each with why', () => {
    const run = {
      ...completedWithFailureRunFixture,
      status: 'failed' as const,
      stacks: completedWithFailureRunFixture.stacks.map((stack) =>
        stack.id === 'axis2' ? stack : { ...stack, status: 'cancelled' as const },
      ),
      measurements: [],
      summary: undefined,
    };
    render(<RunResults run={run} />);
    expect(screen.getByText('This run has no measurements.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Results per stack' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'gSOAP2.8.124not measured: cancelled',
      'Apache CXF4.2.3not measured: cancelled',
      `Apache Axis22.0.0not measured: build failed — ${axis2BuildFailure}`,
    ]);
  });

  it('shows no table yet while a run that measured nothing is still going', () => {
    render(
      <RunResults run={{ ...completedRunFixture, status: 'queued', measurements: [], summary: undefined }} />,
    );
    expect(screen.getByText('Measurements appear here as each stack finishes.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Results per stack' })).not.toBeInTheDocument();
  });
});
