import { formatNumber } from '@/lib/format';
import type { RunRatio } from '@/types/api-models';

export type RatioMark = {
  // `2.00×`; `–` without a ratio.
  ratio: string;
  // `[1.81–2.22]`, the widened 95 % interval.
  interval?: string;
  // What the interval says, in words a reader of the table takes in at a glance.
  mark: string;
  tone: 'good' | 'bad' | 'muted';
  significant: boolean;
};

/** A run's ratio to the baseline as the table shows it: the figure, its interval and whether it is a difference at all. */
export function describeRunRatio(ratio: RunRatio): RatioMark {
  const figure = typeof ratio.ratio === 'number' ? `${formatNumber(ratio.ratio, 2)}×` : '–';
  const interval =
    typeof ratio.low === 'number' && typeof ratio.high === 'number'
      ? `[${formatNumber(ratio.low, 2)}–${formatNumber(ratio.high, 2)}]`
      : undefined;
  switch (ratio.verdict) {
    case 'faster':
      return { ratio: figure, interval, mark: 'faster · significant', tone: 'good', significant: true };
    case 'slower':
      return { ratio: figure, interval, mark: 'slower · significant', tone: 'bad', significant: true };
    case 'tied':
      return { ratio: figure, interval, mark: 'tied', tone: 'muted', significant: false };
    default:
      return { ratio: figure, interval, mark: 'not enough data', tone: 'muted', significant: false };
  }
}
