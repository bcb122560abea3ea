import { describe, expect, it } from 'vitest';
import {
  describeBasis,
  describeInterval,
  describeThroughputInterval,
} from '@/features/runs/utils/describe-figures';
import type { StackFigures } from '@/features/runs/utils/run-statistics';
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

  it('gives the real coverage of an interval that covers the median with less than 95 %', () => {
    const thin = interval({ n: 5, coverage: 0.9375, approximate: true });
    expect(describeThroughputInterval(thin)).toBe('[11,900–12,800] 93.8 % coverage');
    expect(describeInterval(thin)).toBe(
      'Range of 5 repetitions; it covers the median with 93.8 % probability, less than 95 %.',
    );
  });

  it('has no interval for one repetition', () => {
    expect(describeThroughputInterval(interval({ n: 1 }))).toBeUndefined();
    expect(describeInterval(interval({ n: 1 }))).toBe('One repetition: no confidence interval.');
  });
});

describe('what the figures rest on', () => {
  const figures = (used: number, requests?: number) => ({ used, requests }) as StackFigures;

  it('counts rounds and requests, with thousands separators', () => {
    expect(describeBasis(figures(6, 12000))).toBe('6 rounds · 12,000 requests');
    expect(describeBasis(figures(1, 300))).toBe('1 round · 300 requests');
  });

  it('gives the rounds alone when the backend sends no request count', () => {
    expect(describeBasis(figures(3))).toBe('3 rounds');
  });
});
