import type { CustomSeriesRenderItemAPI, CustomSeriesRenderItemParams } from 'echarts';
import { errorBar } from '@/components/ui/error-bar';

export type BarInterval = [low: number, high: number];

export type BarSeries = {
  name: string;
  values: (number | null)[];
  // Drawn as error bars; null where a bar has no interval.
  intervals?: (BarInterval | null)[];
  // Why a point has no bar, read out instead of "no data" (e.g. "not measured").
  missing?: (string | null)[];
};

export type BarChartProps = {
  title: string;
  unit: string;
  categories: string[];
  series: BarSeries[];
  fractionDigits?: number;
};

const barMaxWidth = 56;
const intervalSeriesName = '95 % interval';

function formatValue(value: number, fractionDigits: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: fractionDigits });
}

export function describeBarChart({
  title,
  unit,
  categories,
  series,
  fractionDigits = 0,
}: BarChartProps): string {
  const format = (
    value: number | null,
    interval: BarInterval | null | undefined,
    missing?: string | null,
  ) => {
    if (value === null) return missing ?? 'no data';
    const figure = `${formatValue(value, fractionDigits)} ${unit}`;
    return interval
      ? `${figure} [${formatValue(interval[0], fractionDigits)}–${formatValue(interval[1], fractionDigits)}]`
      : figure;
  };
  const parts = series.map((serie) => {
    const points = categories.map(
      (category, index) =>
        `${category} ${format(serie.values[index] ?? null, serie.intervals?.[index], serie.missing?.[index])}`,
    );
    return series.length > 1 ? `${serie.name}: ${points.join(', ')}` : points.join(', ');
  });
  return `${title}. ${parts.join('; ')}`;
}

/**
 * The error bar of one bar: a vertical line with caps, shifted to where ECharts puts the bar of
 * series `seriesIndex` among `seriesCount` bars in the band (barGap 0 makes that position computable).
 */
export function errorBarRenderer(seriesIndex: number, seriesCount: number) {
  return (_params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI) => {
    const category = Number(api.value(0));
    const bottom = api.coord([category, Number(api.value(1))]);
    const top = api.coord([category, Number(api.value(2))]);
    const band = (api.size?.([1, 0]) as number[])[0];
    const barWidth = Math.min(barMaxWidth, (band * 0.8) / seriesCount);
    const x = bottom[0] + (seriesIndex - (seriesCount - 1) / 2) * barWidth;
    return errorBar(x, bottom[1], top[1], Math.max(4, barWidth / 4), '#1d2330');
  };
}

export function barChartOption({ unit, categories, series, fractionDigits = 0 }: BarChartProps) {
  const bars = series.map((serie) => ({
    name: serie.name,
    type: 'bar' as const,
    data: serie.values,
    barMaxWidth,
    barGap: '0%',
    barCategoryGap: '20%',
    label: {
      show: true,
      position: 'inside',
      formatter: ({ value }: { value: number }) => formatValue(Number(value), fractionDigits),
    },
  }));
  const errorBars = series.flatMap((serie, seriesIndex) => {
    const data = (serie.intervals ?? []).flatMap((interval, index) =>
      interval ? [[index, interval[0], interval[1]]] : [],
    );
    return data.length
      ? [
          {
            name: intervalSeriesName,
            type: 'custom' as const,
            renderItem: errorBarRenderer(seriesIndex, series.length),
            data,
            encode: { x: 0, y: [1, 2] },
            z: 10,
            tooltip: { show: false },
          },
        ]
      : [];
  });
  return {
    animation: false,
    grid: { left: 8, right: 16, top: series.length > 1 ? 44 : 28, bottom: 8, containLabel: true },
    legend: series.length > 1 ? { top: 0, data: series.map((serie) => serie.name) } : undefined,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number) => `${formatValue(Number(value), fractionDigits)} ${unit}`,
    },
    xAxis: { type: 'category', data: categories, axisLabel: { interval: 0 } },
    yAxis: { type: 'value', name: unit, nameTextStyle: { align: 'left' } },
    series: [...bars, ...errorBars],
  };
}
