import { describe, expect, it } from 'vitest';
import { barChartOption, describeBarChart } from '@/components/ui/bar-chart';

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
    expect(barChartOption(twoCells).legend).toEqual({ top: 0 });
  });

  it('labels the x axis with the stacks and draws one bar series per cell', () => {
    const option = barChartOption(chart);
    expect(option.xAxis.data).toEqual(['gSOAP', 'Apache CXF']);
    expect(option.series).toHaveLength(1);
    expect(option.series[0]).toMatchObject({ type: 'bar', data: [6000, 2500.4] });
    expect(option.legend).toBeUndefined();
  });
});
