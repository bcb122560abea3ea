import { describe, expect, it } from 'vitest';
import { describeTimeLeft, measurementProgress } from '@/features/runs/utils/run-progress';
import { measuringRunFixture } from '@/testing/fixtures';

describe('run progress', () => {
  it('counts the measurements in against those the run was charged for', () => {
    expect(measurementProgress(measuringRunFixture)).toEqual({ done: 3, planned: 10, expected: 10 });
    expect(measurementProgress({ ...measuringRunFixture, estimate: undefined })).toBeUndefined();
    const check = { ...measuringRunFixture.workload!, mode: 'check' as const };
    expect(measurementProgress({ ...measuringRunFixture, workload: check })).toBeUndefined();
  });

  it('expects no more rounds of a stack that failed', () => {
    const run = {
      ...measuringRunFixture,
      stacks: measuringRunFixture.stacks.map((stack) =>
        stack.id === 'cxf' ? { ...stack, status: 'failed' as const } : stack,
      ),
    };
    // CXF was charged 5 rounds and has 1: the other 4 will not come.
    expect(measurementProgress(run)).toEqual({ done: 3, planned: 10, expected: 6 });
  });

  it('gives the upper bound before the first measurement, and the pace so far after it', () => {
    expect(describeTimeLeft({ done: 0, planned: 10, expected: 10 }, 30, 1200)).toBe(
      'at most about 20 min in all, by the estimate it was charged at',
    );
    // 6 minutes for 3 measurements: 7 more take 14 minutes.
    expect(describeTimeLeft({ done: 3, planned: 10, expected: 10 }, 360, 1200)).toBe(
      'about 14 min left at the pace so far',
    );
    expect(describeTimeLeft({ done: 10, planned: 10, expected: 10 }, 900, 1200)).toBe(
      'every measurement is in; the worker is finishing',
    );
  });
});
