import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunResults } from '@/features/runs/components/run-results';
import { describeLoad } from '@/features/runs/components/run-summary';
import {
  axis2BuildFailure,
  completedRunFixture,
  completedWithFailureRunFixture,
  twoOperationRunFixture,
  verifyFailedRunFixture,
  wsfVerifyFailure,
} from '@/testing/fixtures';
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

  it('says where the figures were measured: fingerprint and configuration hash', () => {
    render(<RunResults run={completedRunFixture} />);
    const details = screen.getByText('Measurement details').closest('details')!;
    expect(details).toHaveTextContent('AMD EPYC 7B13, 2 cores, governor performance');
    expect(details).toHaveTextContent('Configuration hashsha256:5d41402abc4b2a76b9719d911017c592');
  });

  it('says beside the results, not in the folded details, that server and driver shared the CPUs', () => {
    render(<RunResults run={completedRunFixture} />);
    const results = screen.getByRole('heading', { level: 2, name: 'Results' }).closest('section')!;
    const note = within(results)
      .getByText(/^CPU shared by server and driver:/)
      .closest('p')!;
    expect(note).toHaveTextContent(
      'CPU shared by server and driver: server and driver share 2 CPUs, so the load generator takes CPU time from the server.',
    );
    expect(note.closest('details')).toBeNull();
    expect(screen.getByText('Measurement details').closest('details')).not.toHaveTextContent('CPU sharing');
  });

  it('notes shared CPUs as soon as one measurement says so, and keeps pinned CPUs in the details', () => {
    const pinned = {
      ...completedRunFixture,
      fingerprint: { ...completedRunFixture.fingerprint, cpuSharing: 'pinned' },
    };
    const { unmount } = render(<RunResults run={pinned} />);
    expect(screen.queryByText(/^CPU shared by server and driver/)).not.toBeInTheDocument();
    expect(screen.getByText('Measurement details').closest('details')).toHaveTextContent(
      'CPU sharingserver and driver pinned to disjoint CPU sets of 2 CPUs',
    );
    unmount();

    const [first, second] = pinned.measurements;
    render(
      <RunResults run={{ ...pinned, measurements: [first, { ...second, cpuSharing: 'shared' as const }] }} />,
    );
    expect(screen.getByText(/^CPU shared by server and driver/)).toBeInTheDocument();
  });

  it('keeps a row for a stack that failed verification in the table of every cell', () => {
    render(<RunResults run={verifyFailedRunFixture} />);
    const tables = screen.getAllByRole('table', { name: /^Results per stack/ });
    expect(tables.map((table) => table.querySelector('caption')?.textContent)).toEqual([
      'Results per stack: plain · echo · closed 4×300 · keep-alive',
      'Results per stack: username · echo · closed 4×300 · keep-alive',
    ]);
    for (const table of tables) {
      const wsf = within(table).getByRole('rowheader', { name: 'WSO2 WSF/C++' }).closest('tr')!;
      expect(wsf).toHaveTextContent(`not measured: verification failed — ${wsfVerifyFailure}`);
      expect(wsf).toHaveClass('not-measured');
    }
  });

  it('breaks a run of several operations down per operation, and shows every repetition folded', () => {
    render(<RunResults run={twoOperationRunFixture} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Per operation' })).toBeInTheDocument();
    expect(screen.getAllByRole('table', { name: /per operation/ })).toHaveLength(2);
    const repetitions = screen.getByText('Every repetition', { selector: 'summary' }).closest('details')!;
    expect(repetitions).not.toHaveAttribute('open');
    expect(within(repetitions).getByRole('table', { name: 'Every repetition' })).toBeInTheDocument();
  });

  it('has no breakdown per operation for a run of one operation', () => {
    render(<RunResults run={completedRunFixture} />);
    expect(screen.queryByRole('heading', { name: /^Per operation/ })).not.toBeInTheDocument();
  });

  it('labels the capacity found so far as provisional while the run is still measuring', () => {
    render(<RunResults run={{ ...capacityRunFixture, status: 'running', finishedAt: null }} />);
    expect(screen.getByRole('heading', { name: /^Capacity at the SLO/ })).toHaveTextContent(
      /\(provisional: the run is still measuring\)$/,
    );
  });

  it('labels every figure table as provisional while the run is still measuring', () => {
    render(<RunResults run={{ ...twoOperationRunFixture, status: 'running', finishedAt: null }} />);
    expect(screen.getByRole('heading', { level: 3, name: /^Per operation/ })).toHaveTextContent(
      'Per operation (provisional: the run is still measuring)',
    );
    expect(
      screen.getByRole('table', { name: 'Every repetition (provisional: the run is still measuring)' }),
    ).toBeInTheDocument();
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
