import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackStatusList } from '@/features/runs/components/stack-status-list';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import { completedRunFixture, measurement } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import type { Run } from '@/types/api-models';

const parallelGc = {
  id: 'parallel-gc',
  description: 'The parallel (throughput) collector in place of G1.',
  settings: { 'jvm.gc': 'parallel' },
};

/** CXF beside its own variant, and a run of the variant alone. */
const besideDefault: Run = {
  ...completedRunFixture,
  stacks: [
    { id: 'cxf', displayName: 'Apache CXF', version: '4.2.3', status: 'done', variant: null },
    {
      id: 'cxf',
      displayName: 'Apache CXF',
      version: '4.2.3+parallel-gc',
      status: 'done',
      variant: parallelGc,
    },
  ],
  measurements: [
    measurement({ stack: 'cxf', version: '4.2.3', throughput: 2000 }),
    measurement({ stack: 'cxf', version: '4.2.3+parallel-gc', throughput: 2400 }),
  ],
  summary: undefined,
};
const variantAlone: Run = {
  ...besideDefault,
  stacks: [besideDefault.stacks[1]],
  measurements: [besideDefault.measurements[1]],
};

describe('a stack variant on the run page', () => {
  it('shows the variant beside the version, with what it changes', () => {
    renderWithProviders(<StackStatusList run={besideDefault} />);
    expect(screen.getByText('4.2.3 + parallel-gc')).toBeInTheDocument();
    expect(screen.getByText('4.2.3')).toBeInTheDocument();
    expect(screen.getByText(/The parallel \(throughput\) collector/)).toHaveTextContent('(jvm.gc=parallel)');
  });

  it('labels the figures of the default configuration and the variant apart, even a variant measured alone', () => {
    const labels = (run: Run) => runStatistics(run).cells.flatMap((cell) => cell.stacks.map((s) => s.label));
    expect(labels(besideDefault).sort()).toEqual(['Apache CXF 4.2.3', 'Apache CXF 4.2.3 + parallel-gc']);
    expect(labels(variantAlone)).toEqual(['Apache CXF 4.2.3 + parallel-gc']);
  });
});
