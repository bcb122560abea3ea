import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultsTable } from '@/features/runs/components/results-table';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import {
  axis2BuildFailure,
  completedRunFixture,
  completedWithFailureRunFixture,
  runningRunFixture,
} from '@/testing/fixtures';
import { repeatedRunFixture } from '@/testing/statistics-fixtures';
import type { Run } from '@/types/api-models';

function renderFirstCell(run: Run, { provisional = false } = {}) {
  const { cells, hasIntervals } = runStatistics(run);
  render(
    <ResultsTable
      cell={cells[0]}
      showCellName={false}
      hasIntervals={hasIntervals}
      provisional={provisional}
    />,
  );
  const table = screen.getByRole('table', { name: /^Results per stack/ });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
  const rows = within(table).getAllByRole('row').slice(1);
  return {
    table,
    headers,
    rows,
    names: rows.map((row) => within(row).getByRole('rowheader').textContent),
    row(name: string): Record<string, string> {
      const row = rows.find((candidate) => within(candidate).queryByRole('rowheader', { name }));
      if (!row) throw new Error(`no row for ${name}`);
      const texts = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
      return Object.fromEntries(headers.map((header, index) => [header, texts[index]]));
    },
  };
}

// The one-repetition run, as a summary that still carries ranks would send it (an older backend, or a bug).
function oneRoundRunWithRanks(): Run {
  const summary = completedRunFixture.summary!;
  const [cell] = summary.cells;
  return {
    ...completedRunFixture,
    summary: {
      ...summary,
      cells: [
        {
          ...cell,
          stacks: cell.stacks.map((stack, index) => ({
            ...stack,
            ranked: true,
            rank: index + 1,
            percentOfBest: index === 0 ? 100 : 41.7,
            reason: null,
          })),
        },
      ],
    },
  };
}

describe('ResultsTable', () => {
  it('shows one row per stack with its figures, and no interval for a single repetition', () => {
    const table = renderFirstCell(completedRunFixture);
    expect(table.headers).toEqual([
      'Stack',
      'Version',
      'Throughput (req/s)',
      'Rests on',
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
      'Throughput (req/s)': '6,000',
      'Rests on': '1 round · 300 requests',
      CV: '–',
      'p99 (ms)': '1.80',
      'Peak RSS (MiB)': '8.0',
      Repetitions: '1',
      Errors: '0',
    });
    expect(table.row('Apache CXF')).toMatchObject({ 'Throughput (req/s)': '2,501', Errors: '3' });
    const cxfRow = table.rows.find((row) => within(row).queryByRole('rowheader', { name: 'Apache CXF' }))!;
    expect(within(cxfRow).getByText('3')).toHaveAttribute('title', 'timeout: 2, wrong_response: 1');
  });

  it("says under the table that a JVM server's peak RSS is its fixed heap, not what it needed", () => {
    renderFirstCell(completedRunFixture);
    const region = screen.getByRole('region', { name: 'Results' });
    expect(within(region).getByText(/heap is fixed at 1 GiB and touched at start-up/)).toHaveTextContent(
      /not what the service needed/,
    );
  });

  it('shows no band, ratio or % of best in a cell without enough data, even when the stacks carry ranks', () => {
    for (const run of [completedRunFixture, oneRoundRunWithRanks()]) {
      const table = renderFirstCell(run);
      expect(table.headers).not.toContain('Band');
      expect(table.headers.some((header) => /ratio|best|rank/i.test(header))).toBe(false);
      expect(table.table).not.toHaveTextContent(/tied|reference|%\s*of best|\b1, /);
      // By name, not by speed: gSOAP measured faster, yet Apache CXF comes first.
      expect(table.names).toEqual(['Apache CXF', 'gSOAP']);
      cleanup();
    }
  });

  it('prints the median with its 95 % interval, what it rests on and the coefficient of variation', () => {
    const table = renderFirstCell(repeatedRunFixture);
    const metro = table.row('Metro');
    expect(metro['Throughput (req/s)']).toBe('12,345 [11,900–12,800]');
    expect(metro['Rests on']).toBe('7 rounds · 14,000 requests');
    expect(metro.CV).toBe('3.1 %');
    expect(screen.getByText('12,345').closest('td')).toHaveAttribute(
      'title',
      '95 % confidence interval of the median over 7 repetitions.',
    );
  });

  it('gives the real coverage of an interval that covers the median with less than 95 %', () => {
    const gsoap = renderFirstCell(repeatedRunFixture).row('gSOAP');
    expect(gsoap['Throughput (req/s)']).toBe('30,100 [29,000–31,200] 50.0 % coverage');
    expect(gsoap['Rests on']).toBe('2 rounds · 4,000 requests');
    expect(screen.getByText('30,100').closest('td')).toHaveAttribute(
      'title',
      'Range of 2 repetitions; it covers the median with 50.0 % probability, less than 95 %.',
    );
  });

  it('shows the band, the ratio against the reference and % of best, each with its 95 % interval', () => {
    const table = renderFirstCell(repeatedRunFixture);
    expect(table.headers.slice(0, 6)).toEqual([
      'Stack',
      'Version',
      'Band',
      'Ratio to reference (95 % CI)',
      '% of best (95 % CI)',
      'Throughput (req/s)',
    ]);
    expect(table.row('Metro')).toMatchObject({
      'Ratio to reference (95 % CI)': 'reference',
      '% of best (95 % CI)': '100.0 %',
    });
    expect(table.row('Apache Axis2')).toMatchObject({
      Band: '2',
      'Ratio to reference (95 % CI)': '0.41× [0.38–0.43]',
      '% of best (95 % CI)': '40.5 % [37.7–43.3]',
      'Rests on': '6 rounds · 12,000 requests',
    });
  });

  it('marks stacks of one band as tied, never one of them as ahead', () => {
    const table = renderFirstCell(repeatedRunFixture);
    expect(table.row('Metro').Band).toBe('1, tied with Apache CXF');
    expect(table.row('Apache CXF').Band).toBe('1, tied with Metro');
    expect(table.row('Apache CXF')['Ratio to reference (95 % CI)']).toBe('0.97× [0.94–1.01]');
    expect(screen.getByText('0.97×').closest('td')).toHaveAttribute(
      'title',
      '7 paired rounds against metro@4.0.5; per round: 0.95, 0.97, 1.01, 0.96, 0.99, 0.97, 0.98',
    );
  });

  it('reads a shared band as a tie even when the summary names no partner', () => {
    const summary = repeatedRunFixture.summary!;
    const [cell] = summary.cells;
    const run: Run = {
      ...repeatedRunFixture,
      summary: {
        ...summary,
        cells: [{ ...cell, stacks: cell.stacks.map((stack) => ({ ...stack, tiedWith: [] })) }],
      },
    };
    const table = renderFirstCell(run);
    expect(table.row('Metro').Band).toBe('1, tied with Apache CXF');
    expect(table.row('Apache CXF').Band).toBe('1, tied with Metro');
    expect(table.row('Apache Axis2').Band).toBe('2');
  });

  it('says why a stack has no band', () => {
    expect(renderFirstCell(repeatedRunFixture).row('gSOAP')).toMatchObject({
      Band: 'no band: every repetition is flagged',
      'Ratio to reference (95 % CI)': '–',
      '% of best (95 % CI)': '–',
    });
  });

  it('labels every band as provisional while the run is still measuring', () => {
    const table = renderFirstCell({ ...repeatedRunFixture, status: 'running' }, { provisional: true });
    expect(table.table).toHaveAccessibleName('Results per stack (provisional: the run is still measuring)');
    expect(table.row('Metro').Band).toBe('1, tied with Apache CXF (provisional)');
    expect(table.row('Apache Axis2').Band).toBe('2 (provisional)');
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
    expect(table.headers).not.toContain('Band');
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

  it('keeps a row for a stack that was not measured, saying why', () => {
    const table = renderFirstCell(completedWithFailureRunFixture);
    expect(table.names).toEqual(['Apache CXF', 'gSOAP', 'Apache Axis2']);
    const axis2 = table.rows[2];
    expect(axis2).toHaveClass('not-measured');
    expect(axis2).toHaveTextContent(`Apache Axis22.0.0not measured: build failed — ${axis2BuildFailure}`);
    // One cell spans every figure's column: nothing reads as a figure of a stack that has none.
    const cells = axis2.querySelectorAll('td');
    expect(cells).toHaveLength(2);
    expect(Number(cells[1].getAttribute('colspan')) + 2).toBe(table.headers.length);
  });

  it('spans the band columns too in a cell with verdicts, and words each status', () => {
    const run: Run = {
      ...repeatedRunFixture,
      stacks: [
        ...repeatedRunFixture.stacks,
        {
          id: 'wsf',
          displayName: 'WSO2 WSF/C++',
          version: '2.1.0',
          status: 'verify_failed',
          reason: 'echo answered a fault',
        },
        { id: 'axis2c', displayName: 'Axis2/C', version: '1.6.0', status: 'unsupported', reason: null },
        {
          id: 'spyne',
          displayName: 'Spyne',
          version: '2.14.0',
          status: 'failed',
          reason: 'server exited with 137',
        },
      ],
    };
    const table = renderFirstCell(run);
    expect(table.headers).toContain('Band');
    expect(table.names.slice(-3)).toEqual(['WSO2 WSF/C++', 'Axis2/C', 'Spyne']);
    const texts = table.rows.slice(-3).map((row) => row.querySelectorAll('td')[1].textContent);
    expect(texts).toEqual([
      'not measured: verification failed — echo answered a fault',
      'not measured: unsupported',
      'not measured: failed — server exited with 137',
    ]);
    for (const row of table.rows.slice(-3)) {
      expect(Number(row.querySelectorAll('td')[1].getAttribute('colspan')) + 2).toBe(table.headers.length);
    }
    // The measured stacks keep their bands.
    expect(table.row('Apache Axis2').Band).toBe('2');
  });

  it('says a stack still in progress is not measured yet', () => {
    const table = renderFirstCell(runningRunFixture, { provisional: true });
    expect(table.names).toEqual(['gSOAP', 'Apache CXF']);
    expect(table.rows[1]).toHaveTextContent('not measured yet: building');
  });

  it('says the figures of a stack still being measured rest on its rounds so far, and gives it no band', () => {
    const run: Run = {
      ...repeatedRunFixture,
      status: 'running',
      stacks: repeatedRunFixture.stacks.map((stack) =>
        stack.id === 'cxf' ? { ...stack, status: 'measuring' as const } : stack,
      ),
    };
    const table = renderFirstCell(run, { provisional: true });
    expect(table.row('Apache CXF')['Rests on']).toBe('7 rounds · 14,000 requests so far');
    expect(table.row('Metro')['Rests on']).toBe('7 rounds · 14,000 requests');
    cleanup();

    const waiting = renderFirstCell(
      {
        ...run,
        stacks: [
          ...run.stacks,
          { id: 'wsf', displayName: 'WSO2 WSF/C++', version: '2.1.0', status: 'pending' },
        ],
      },
      { provisional: true },
    );
    const wsf = waiting.rows.find((row) => within(row).queryByRole('rowheader', { name: 'WSO2 WSF/C++' }))!;
    expect(wsf).toHaveTextContent('WSO2 WSF/C++2.1.0not measured yet: waiting for its turn');
    expect(wsf.querySelectorAll('td')).toHaveLength(2);
  });
});
