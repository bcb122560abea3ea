import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultsTable } from '@/features/runs/components/results-table';
import { summarizeMeasurements } from '@/features/runs/utils/summarize-measurements';
import { completedRunFixture } from '@/testing/fixtures';
import type { Run } from '@/types/api-models';

function rowsOf(run: Run) {
  render(<ResultsTable summary={summarizeMeasurements(run)} />);
  const table = screen.getByRole('table', { name: /Results per stack/ });
  return within(table).getAllByRole('row').slice(1);
}

function cells(row: HTMLElement) {
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
}

describe('ResultsTable', () => {
  it('shows one row per stack with its display name and figures', () => {
    const [gsoap, cxf] = rowsOf(completedRunFixture);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Stack',
      'Version',
      'Throughput (req/s)',
      'p50 (ms)',
      'p90 (ms)',
      'p99 (ms)',
      'p99.9 (ms)',
      'Max (ms)',
      'Server CPU (s)',
      'Peak RSS (MiB)',
      'Errors',
    ]);
    expect(cells(gsoap)).toEqual([
      'gSOAP',
      '2.8.124',
      '6,000.0',
      '0.50',
      '0.90',
      '1.80',
      '3.20',
      '4.10',
      '0.04',
      '8.0',
      '0',
    ]);
    expect(cells(cxf)).toEqual([
      'Apache CXF',
      '4.2.3',
      '2,500.5',
      '1.25',
      '2.50',
      '12.5',
      '30.0',
      '42.0',
      '1.50',
      '256.0',
      '3',
    ]);
    expect(within(cxf).getByText('3')).toHaveAttribute('title', 'timeout: 2, wrong_response: 1');
  });

  it('reports the median of repetitions and says so', () => {
    const [first] = completedRunFixture.measurements;
    const run: Run = {
      ...completedRunFixture,
      measurements: [
        { ...first, repetition: 1, throughput: 1000 },
        { ...first, repetition: 2, throughput: 3000 },
        { ...first, repetition: 3, throughput: 2000, errors: { timeout: 4 } },
      ],
    };
    const rows = rowsOf(run);
    expect(rows).toHaveLength(1);
    expect(screen.getByRole('table')).toHaveAccessibleName('Results per stack (median of the repetitions)');
    expect(cells(rows[0]).slice(0, 4)).toEqual(['gSOAP', '2.8.124', '3', '2,000.0']);
    expect(cells(rows[0]).at(-1)).toBe('4');
  });

  it('tells two versions of one stack apart and shows the cell when there are several', () => {
    const [first] = completedRunFixture.measurements;
    const run: Run = {
      ...completedRunFixture,
      stacks: [{ id: 'cxf', displayName: 'Apache CXF', version: '4.2.3', status: 'done' }],
      measurements: [
        { ...first, stack: 'cxf', version: '4.2.3', cell: { operation: 'echo', security: 'plain' } },
        { ...first, stack: 'cxf', version: '3.6.10', cell: { operation: 'echo', security: 'username' } },
      ],
    };
    const rows = rowsOf(run);
    expect(rows.map((row) => cells(row).slice(0, 3))).toEqual([
      ['Apache CXF 4.2.3', '4.2.3', 'echo · plain'],
      ['Apache CXF 3.6.10', '3.6.10', 'echo · username'],
    ]);
  });
});
