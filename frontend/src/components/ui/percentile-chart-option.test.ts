import { describe, expect, it } from 'vitest';
import {
  describePercentileLine,
  latencyAt,
  percentileLinesOption,
} from '@/components/ui/percentile-chart-option';

const points = [
  { percentile: 50, ms: 1 },
  { percentile: 75, ms: 1.2 },
  { percentile: 90, ms: 1.5 },
  { percentile: 99, ms: 2 },
  { percentile: 99.9, ms: 2.5 },
  { percentile: 99.99, ms: 3 },
];

describe('percentile lines', () => {
  it('draws each line solid by default, at 1/(1 − p) on the log axis', () => {
    const option = percentileLinesOption([{ name: 'gSOAP', colour: '#1f5fbf', points }]);
    const [line] = option.series;
    expect(line).toMatchObject({
      name: 'gSOAP',
      color: '#1f5fbf',
      lineStyle: { type: 'solid', width: 1.75 },
    });
    expect(line.data[0][0]).toBeCloseTo(2);
    expect(line.data[0][1]).toBe(1);
    expect(option.xAxis).toMatchObject({ type: 'log', logBase: 10 });
  });

  it('reads a line aloud at the labelled percentiles only, with its maximum', () => {
    expect(describePercentileLine('gSOAP', points, 4)).toBe(
      'gSOAP: p50 1.00 ms, p90 1.50 ms, p99 2.00 ms, p99.9 2.50 ms, p99.99 3.00 ms, max 4.00 ms',
    );
    expect(latencyAt(points, 99.9)).toBe(2.5);
    expect(latencyAt(points, 95)).toBeUndefined();
  });
});
