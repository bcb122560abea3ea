import { BarChart as EChartsBar } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactECharts from 'echarts-for-react/lib/core';

echarts.use([EChartsBar, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type BarSeries = { name: string; values: (number | null)[] };

type BarChartProps = {
  title: string;
  unit: string;
  categories: string[];
  series: BarSeries[];
  fractionDigits?: number;
};

export function describeBarChart({
  title,
  unit,
  categories,
  series,
  fractionDigits = 0,
}: BarChartProps): string {
  const format = (value: number | null) =>
    value === null
      ? 'no data'
      : `${value.toLocaleString('en-US', { maximumFractionDigits: fractionDigits })} ${unit}`;
  const parts = series.map((serie) => {
    const points = categories.map((category, index) => `${category} ${format(serie.values[index] ?? null)}`);
    return series.length > 1 ? `${serie.name}: ${points.join(', ')}` : points.join(', ');
  });
  return `${title}. ${parts.join('; ')}`;
}

export function barChartOption({ unit, categories, series, fractionDigits = 0 }: BarChartProps) {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: series.length > 1 ? 44 : 28, bottom: 8, containLabel: true },
    legend: series.length > 1 ? { top: 0 } : undefined,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number) =>
        `${Number(value).toLocaleString('en-US', { maximumFractionDigits: fractionDigits })} ${unit}`,
    },
    xAxis: { type: 'category', data: categories, axisLabel: { interval: 0 } },
    yAxis: { type: 'value', name: unit, nameTextStyle: { align: 'left' } },
    series: series.map((serie) => ({
      name: serie.name,
      type: 'bar',
      data: serie.values,
      barMaxWidth: 56,
      label: {
        show: true,
        position: 'top',
        formatter: ({ value }: { value: number }) =>
          Number(value).toLocaleString('en-US', { maximumFractionDigits: fractionDigits }),
      },
    })),
  };
}

export function BarChart(props: BarChartProps) {
  return (
    <figure className="chart">
      <figcaption>{props.title}</figcaption>
      <ReactECharts
        echarts={echarts}
        option={barChartOption(props)}
        opts={{ renderer: 'svg' }}
        notMerge
        role="img"
        aria-label={describeBarChart(props)}
        style={{ height: 280, width: '100%' }}
      />
    </figure>
  );
}
