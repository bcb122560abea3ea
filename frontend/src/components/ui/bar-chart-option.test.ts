import { describe, expect, it } from 'vitest';
import { barChartOption, describeBarChart, errorBarRenderer } from '@/components/ui/bar-chart-option';

const chart = {
  title: 'Throughput per stack',
  unit: 'req/s',
  categories: ['gSOAP', 'Apache CXF'],
  series: [{ name: 'all', values: [6000, 2500.4] }],
};

describe('bar chart', () => {
  it('puts every bar into its accessible description', () => {
    expect(describeBarChart(chart)).toBe('Throughput per stack. gSOAP 6,000 req/s, Apache CXF 2,500 req/s');
  });

  it('names the series when there are several', () => {
    const twoCells = { ...chart, series: [...chart.series, { name: 'username', values: [null, 900] }] };
    expect(describeBarChart(twoCells)).toBe(
      'Throughput per stack. all: gSOAP 6,000 req/s, Apache CXF 2,500 req/s; username: gSOAP no data, Apache CXF 900 req/s',
    );
    expect(barChartOption(twoCells).legend).toEqual({ top: 0, data: ['all', 'username'] });
  });

  it('reads out why a point has no bar when the chart knows', () => {
    const withMissing = {
      ...chart,
      categories: [...chart.categories, 'Apache Axis2'],
      series: [{ name: 'all', values: [6000, null, null], missing: [null, null, 'not measured'] }],
    };
    expect(describeBarChart(withMissing)).toBe(
      'Throughput per stack. gSOAP 6,000 req/s, Apache CXF no data, Apache Axis2 not measured',
    );
  });

  it('labels the x axis with the stacks and draws one bar series per cell', () => {
    const option = barChartOption(chart);
    expect(option.xAxis.data).toEqual(['gSOAP', 'Apache CXF']);
    expect(option.series).toHaveLength(1);
    expect(option.series[0]).toMatchObject({ type: 'bar', data: [6000, 2500.4] });
    expect(option.legend).toBeUndefined();
  });

  it('draws the intervals as error bars over the bars that have one, and lists them', () => {
    const withIntervals = {
      ...chart,
      series: [{ ...chart.series[0], intervals: [[5800, 6100] as [number, number], null] }],
    };
    const option = barChartOption(withIntervals);
    expect(option.series).toHaveLength(2);
    expect(option.series[1]).toMatchObject({ type: 'custom', data: [[0, 5800, 6100]] });
    expect(option.legend).toBeUndefined();
    expect(describeBarChart(withIntervals)).toBe(
      'Throughput per stack. gSOAP 6,000 req/s [5,800–6,100], Apache CXF 2,500 req/s',
    );
  });

  it('puts each error bar over its own bar when several series share a band', () => {
    const values: Record<number, number> = { 0: 1, 1: 100, 2: 200 };
    const api = {
      value: (dimension: number) => values[dimension],
      coord: ([category, value]: number[]) => [100 + category * 200, 500 - value],
      size: () => [200, 0],
    };
    const render = (seriesIndex: number) =>
      errorBarRenderer(seriesIndex, 2)({} as never, api as never) as {
        children: { shape: { x1: number; y1: number; y2: number } }[];
      };
    // Band 200 px wide, bars take 80 % of it: two bars of 56 px (the cap), centred on x = 300.
    expect(render(0).children[0].shape).toMatchObject({ x1: 272, y1: 300, y2: 400 });
    expect(render(1).children[0].shape).toMatchObject({ x1: 328 });
  });
});
