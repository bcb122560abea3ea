import { describe, expect, it } from 'vitest';
import { describeInterval, describeThroughputInterval } from '@/features/runs/utils/describe-figures';
import type { MedianInterval } from '@/types/api-models';

const interval = (overrides: Partial<MedianInterval>): MedianInterval => ({
  median: 12345,
  low: 11900.4,
  high: 12800,
  n: 9,
  coverage: 0.961,
  approximate: false,
  ...overrides,
});

describe('throughput interval', () => {
  it('prints the bounds with thousands separators and no decimals above 100 req/s', () => {
    expect(describeThroughputInterval(interval({}))).toBe('[11,900–12,800]');
  });

  it('keeps one decimal for slow stacks, where it still matters', () => {
    expect(describeThroughputInterval(interval({ median: 42, low: 40.25, high: 44.5 }))).toBe('[40.3–44.5]');
  });

  it('marks an interval with less than 95 % coverage as approximate and gives its real coverage', () => {
    const thin = interval({ n: 5, coverage: 0.9375, approximate: true });
    expect(describeThroughputInterval(thin)).toBe('[11,900–12,800] approx.');
    expect(describeInterval(thin)).toBe(
      'Range of 5 repetitions; it covers the median with 94 % probability, less than 95 %.',
    );
  });

  it('has no interval for one repetition', () => {
    expect(describeThroughputInterval(interval({ n: 1 }))).toBeUndefined();
    expect(describeInterval(interval({ n: 1 }))).toBe('One repetition: no confidence interval.');
  });
});
