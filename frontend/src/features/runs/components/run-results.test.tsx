import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunResults } from '@/features/runs/components/run-results';
import { describeLoad } from '@/features/runs/components/run-summary';
import { completedRunFixture } from '@/testing/fixtures';
import { capacityRunFixture } from '@/testing/statistics-fixtures';

describe('RunResults', () => {
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
});
