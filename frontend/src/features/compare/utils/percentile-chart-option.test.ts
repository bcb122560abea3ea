import { describe, expect, it } from 'vitest';
import {
  describePercentileChart,
  PERCENTILE_TICKS,
  percentileAxisValue,
  percentileChartOption,
  percentileLabel,
} from '@/features/compare/utils/percentile-chart-option';
import { stackNamer } from '@/features/compare/utils/stack-names';
import { comparisonFixture } from '@/testing/compare-fixtures';

const cell = comparisonFixture.cells[0];
const chart = { cell, runs: comparisonFixture.runs, names: stackNamer(comparisonFixture.cells) };

describe('percentile chart', () => {
  it('puts percentile p at 1/(1 − p), so every further nine takes the same width on a log axis', () => {
    expect(percentileAxisValue(50)).toBeCloseTo(2);
    expect(percentileAxisValue(90)).toBeCloseTo(10);
    expect(percentileAxisValue(99.99)).toBeCloseTo(10_000);
    expect(PERCENTILE_TICKS.map((tick) => tick.label)).toEqual(['50 %', '90 %', '99 %', '99.9 %', '99.99 %']);
    expect(percentileLabel(percentileAxisValue(99.9))).toBe('99.9 %');
    expect(percentileLabel(percentileAxisValue(75))).toBe('75 %');
  });

  it('draws latency against a log axis labelled in percentiles', () => {
    const option = percentileChartOption(chart);
    expect(option.xAxis).toMatchObject({ type: 'log', logBase: 10 });
    expect(option.xAxis.min).toBeCloseTo(2);
    expect(option.xAxis.max).toBeCloseTo(10_000);
    expect(
      option.xAxis.axisLabel.customValues.map((value) => option.xAxis.axisLabel.formatter(value)),
    ).toEqual(['50 %', '90 %', '99 %', '99.9 %', '99.99 %']);
    expect(option.yAxis).toMatchObject({ type: 'value', name: 'latency (ms)' });
  });

  it('overlays one line per run and stack: a colour per stack, a dash per run, the baseline solid', () => {
    const option = percentileChartOption(chart);
    expect(option.series.map((serie) => serie.name)).toEqual([
      'gSOAP · aaaa111111 (baseline)',
      'Apache CXF · aaaa111111 (baseline)',
      'gSOAP · bbbb222222',
      'Apache CXF · bbbb222222',
    ]);
    const [gsoapA, cxfA, gsoapB] = option.series;
    expect(gsoapA.color).toBe(gsoapB.color);
    expect(gsoapA.color).not.toBe(cxfA.color);
    expect(gsoapA.lineStyle.type).toBe('solid');
    expect(gsoapB.lineStyle.type).toBe('dashed');
    expect(gsoapB.data[0][0]).toBeCloseTo(2);
    expect(gsoapB.data[0][1]).toBe(1);
    expect(gsoapB.data.at(-1)?.[0]).toBeCloseTo(10_000);
  });

  it('names stacks by display name alone when one run is shown', () => {
    const single = { ...chart, runs: [comparisonFixture.runs[0]] };
    const option = percentileChartOption({ ...single, cell: { ...cell, curves: cell.curves.slice(0, 2) } });
    expect(option.series.map((serie) => serie.name)).toEqual(['gSOAP', 'Apache CXF']);
  });

  it('reads every curve aloud at the labelled percentiles', () => {
    expect(describePercentileChart(chart, 'Latency by percentile')).toContain(
      'gSOAP · bbbb222222: p50 1.00 ms, p90 1.50 ms, p99 2.00 ms, p99.9 2.50 ms, p99.99 3.00 ms, max 4.00 ms',
    );
  });
});
