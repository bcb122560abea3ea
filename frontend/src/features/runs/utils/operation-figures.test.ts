import { describe, expect, it } from 'vitest';
import { stackOperations, usedMeasurements } from '@/features/runs/utils/operation-figures';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import { completedRunFixture, measurement, twoOperationRunFixture } from '@/testing/fixtures';

const [cell] = runStatistics(twoOperationRunFixture).cells;
// Medians of two repetitions are means of two decimals: equal up to rounding.
const near = (value: number) => expect.closeTo(value, 9);
const row = (label: string) => cell.stacks.find((stack) => stack.label === label)!;

describe('operation figures', () => {
  it('sums requests and errors over the unflagged repetitions and takes the median of each percentile', () => {
    expect(stackOperations(row('gSOAP'))).toEqual({
      key: 'gsoap@2.8.124',
      label: 'gSOAP',
      used: 2,
      operations: [
        { operation: 'echo', requests: 310, errors: 0, p50: near(0.45), p90: near(0.85), p99: near(1.6) },
        { operation: 'add', requests: 290, errors: 1, p50: near(0.65), p90: near(1.05), p99: near(2.3) },
      ],
    });
    expect(stackOperations(row('Apache CXF'))?.operations[0]).toEqual({
      operation: 'echo',
      requests: 480, // 150 + 160 + 170
      errors: 0,
      p50: 1,
      p90: 2,
      p99: 11,
    });
  });

  it('uses every repetition when all are flagged, as the summary does', () => {
    const flagged = [measurement({ flags: ['steal'] }), measurement({ repetition: 2, flags: ['busy'] })];
    expect(usedMeasurements(flagged)).toEqual(flagged);
  });

  it('has nothing for a stack measured on one operation', () => {
    const [single] = runStatistics(completedRunFixture).cells;
    expect(stackOperations(single.stacks[0])).toBeUndefined();
  });
});
