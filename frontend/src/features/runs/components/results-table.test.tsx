import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultsTable } from '@/features/runs/components/results-table';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import { completedRunFixture } from '@/testing/fixtures';
import { repeatedRunFixture } from '@/testing/statistics-fixtures';
import type { Run } from '@/types/api-models';

function renderFirstCell(run: Run) {
  const { cells, hasIntervals } = runStatistics(run);
  render(<ResultsTable cell={cells[0]} showCellName={false} hasIntervals={hasIntervals} />);
  const table = screen.getByRole('table', { name: 'Results per stack' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
  const rows = within(table).getAllByRole('row').slice(1);
  return {
    headers,
    rows,
    row(name: string): Record<string, string> {
      const row = rows.find((candidate) => within(candidate).queryByRole('rowheader', { name }));
      if (!row) throw new Error(`no row for ${name}`);
      const texts = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
      return Object.fromEntries(headers.map((header, index) => [header, texts[index]]));
    },
  };
}

describe('ResultsTable', () => {
  it('shows one row per stack with its figures, and no interval for a single repetition', () => {
    const table = renderFirstCell(completedRunFixture);
    expect(table.headers).toEqual([
      'Stack',
      'Version',
      'Rank',
      'Throughput (req/s)',
      'CV',
      'p50 (ms)',
      'p90 (ms)',
      'p99 (ms)',
      'p99.9 (ms)',
      'Max (ms)',
      'Server CPU (s)',
      'Peak RSS (MiB)',
      'Repetitions',
      'Errors',
    ]);
    expect(table.row('gSOAP')).toMatchObject({
      Rank: '1',
      'Throughput (req/s)': '6,000',
      CV: '–',
      'p99 (ms)': '1.80',
      'Peak RSS (MiB)': '8.0',
      Repetitions: '1',
      Errors: '0',
    });
    expect(table.row('Apache CXF')).toMatchObject({ Rank: '2', 'Throughput (req/s)': '2,501', Errors: '3' });
    expect(within(table.rows[1]).getByText('3')).toHaveAttribute('title', 'timeout: 2, wrong_response: 1');
  });

  it('prints the median with its 95 % interval and the coefficient of variation', () => {
    const table = renderFirstCell(repeatedRunFixture);
    const metro = table.row('Metro');
    expect(metro['Throughput (req/s)']).toBe('12,345 [11,900–12,800]');
    expect(metro.CV).toBe('3.1 %');
    expect(screen.getByText('12,345').closest('td')).toHaveAttribute(
      'title',
      '95 % confidence interval of the median over 7 repetitions.',
    );
  });

  it('marks an interval from fewer than three repetitions as approximate', () => {
    const gsoap = renderFirstCell(repeatedRunFixture).row('gSOAP');
    expect(gsoap['Throughput (req/s)']).toBe('30,100 [29,000–31,200] approx.');
    expect(screen.getByText('30,100').closest('td')).toHaveAttribute(
      'title',
      'Range of 2 repetitions; too few for a confidence interval.',
    );
  });

  it('gives tied stacks one rank and names who they are tied with', () => {
    const table = renderFirstCell(repeatedRunFixture);
    expect(table.row('Metro').Rank).toBe('1, tied with Apache CXF');
    expect(table.row('Apache CXF').Rank).toBe('1, tied with Metro');
    expect(table.row('Apache Axis2').Rank).toBe('3');
  });

  it('says why a stack is not ranked', () => {
    expect(renderFirstCell(repeatedRunFixture).row('gSOAP').Rank).toBe(
      'not ranked: every repetition is flagged',
    );
  });

  it('notes flagged repetitions with their reason and the retries', () => {
    const table = renderFirstCell(repeatedRunFixture);
    expect(table.row('Apache Axis2').Repetitions).toBe('7 (1 flagged: steal; 2 retries)');
    expect(table.row('gSOAP').Repetitions).toBe('2 (2 flagged: errors ×2)');
    expect(table.row('Metro').Repetitions).toBe('7');
    const axis2Row = table.rows.find((row) => within(row).queryByRole('rowheader', { name: 'Apache Axis2' }));
    expect(axis2Row).toHaveClass('flagged');
    expect(within(axis2Row!).getByText(/^7 \(1 flagged/)).toHaveAttribute(
      'title',
      'repetition 3: steal (14 % steal), after 2 retries',
    );
  });

  it('shows corrected and uncorrected p99 side by side for an open-model run', () => {
    const [first] = repeatedRunFixture.measurements;
    const run: Run = {
      ...completedRunFixture,
      workload: { ...completedRunFixture.workload!, load: { model: 'open', ratePerSecond: 2000 } },
      summary: undefined,
      measurements: [
        {
          ...first,
          stack: 'cxf',
          version: '4.2.3',
          uncorrectedLatencyMs: { p99: 2.1 },
          latencyMs: { p99: 48 },
        },
      ],
    };
    const table = renderFirstCell(run);
    expect(table.headers).toContain('p99 uncorrected (ms)');
    expect(table.row('Apache CXF')).toMatchObject({ 'p99 (ms)': '48.0', 'p99 uncorrected (ms)': '2.10' });
  });

  it('falls back to plain medians of the measurements when the run has no summary', () => {
    const [first] = completedRunFixture.measurements;
    const run: Run = {
      ...completedRunFixture,
      summary: undefined,
      measurements: [
        { ...first, repetition: 1, throughput: 1000 },
        { ...first, repetition: 2, throughput: 3000 },
        { ...first, repetition: 3, throughput: 2000, errors: { timeout: 4 } },
      ],
    };
    const table = renderFirstCell(run);
    expect(table.headers).not.toContain('Rank');
    expect(table.row('gSOAP')).toMatchObject({
      'Throughput (req/s)': '2,000',
      Repetitions: '3',
      Errors: '4',
    });
  });

  it("says which driver measured the figures, and keeps a native client's measurements with its own cell", () => {
    const summary = completedRunFixture.summary!;
    const [cell] = summary.cells;
    const run: Run = {
      ...completedRunFixture,
      workload: { ...completedRunFixture.workload!, driver: 'native' },
      summary: { ...summary, cells: [{ ...cell, key: { ...cell.key, driver: 'native' } }] },
      measurements: completedRunFixture.measurements.map((m) => ({
        ...m,
        cell: { ...m.cell, driver: 'native' as const },
      })),
    };
    const table = renderFirstCell(run);
    expect(
      screen.getByText(/Measured by each stack's own generated client \(native client\)/),
    ).toBeInTheDocument();
    expect(table.row('Apache CXF')).toMatchObject({ Errors: '3' });
  });

  it('says the neutral driver measured a run that names no driver', () => {
    renderFirstCell(completedRunFixture);
    expect(screen.getByText(/Measured by SOAPBench's neutral driver/)).toBeInTheDocument();
  });
});
