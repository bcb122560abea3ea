import { formatMillis } from '@/lib/format';

/**
 * The x of percentile p on the chart: 1/(1 − p), drawn on a log axis, so 90 %, 99 %, 99.9 % and
 * 99.99 % are equally far apart and the tail gets as much room as the median.
 */
export function percentileAxisValue(percentile: number): number {
  return 1 / (1 - percentile / 100);
}

// Where the axis is labelled: 50 %, 90 %, 99 %, 99.9 % and 99.99 %.
export const PERCENTILE_TICKS: { percentile: number; value: number; label: string }[] = [
  50, 90, 99, 99.9, 99.99,
].map((p) => ({ percentile: p, value: percentileAxisValue(p), label: `${p} %` }));

/** The label of an axis value, for the ticks above; the nearest percentile otherwise. */
export function percentileLabel(axisValue: number): string {
  const tick = PERCENTILE_TICKS.find(
    (candidate) => Math.abs(candidate.value - axisValue) / candidate.value < 1e-6,
  );
  if (tick) return tick.label;
  const percentile = 100 * (1 - 1 / axisValue);
  return `${Number(percentile.toFixed(3))} %`;
}

// A stack keeps its colour on every percentile chart of a page.
export const stackColours = ['#1f5fbf', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207'];

export type PercentilePoint = { percentile: number; ms: number };

/** One line of the chart: a stack (or a run × stack) and its latency at each percentile. */
export type PercentileLine = {
  name: string;
  colour: string;
  dash?: string | number[];
  width?: number;
  points: PercentilePoint[];
};

/** Latency (ms) against 1/(1 − p) on a log axis labelled 50 % … 99.99 %, one line per entry. */
export function percentileLinesOption(lines: PercentileLine[]) {
  const series = lines.map((line) => ({
    name: line.name,
    type: 'line' as const,
    showSymbol: true,
    symbolSize: 5,
    color: line.colour,
    lineStyle: { type: line.dash ?? 'solid', width: line.width ?? 1.75 },
    data: line.points.map((point) => [percentileAxisValue(point.percentile), point.ms]),
  }));
  return {
    animation: false,
    grid: { left: 8, right: 24, top: 56, bottom: 8, containLabel: true },
    legend: { top: 0, type: 'scroll' as const },
    tooltip: {
      trigger: 'item' as const,
      formatter: (params: { seriesName: string; value: [number, number] }) =>
        `${params.seriesName}<br/>${percentileLabel(params.value[0])}: ${formatMillis(params.value[1])} ms`,
    },
    xAxis: {
      type: 'log' as const,
      logBase: 10,
      min: PERCENTILE_TICKS[0].value,
      max: PERCENTILE_TICKS[PERCENTILE_TICKS.length - 1].value,
      name: 'percentile',
      nameLocation: 'middle' as const,
      nameGap: 28,
      axisTick: { customValues: PERCENTILE_TICKS.map((tick) => tick.value) },
      axisLabel: {
        customValues: PERCENTILE_TICKS.map((tick) => tick.value),
        formatter: (value: number) => percentileLabel(value),
      },
      splitLine: { show: true },
    },
    yAxis: { type: 'value' as const, name: 'latency (ms)', nameTextStyle: { align: 'left' as const } },
    series,
  };
}

/** The latency at a labelled percentile, if the curve has a point there. */
export function latencyAt(points: PercentilePoint[], percentile: number): number | undefined {
  return points.find((point) => point.percentile === percentile)?.ms;
}

/** `gSOAP: p50 1.00 ms, p90 1.50 ms, …, max 4.00 ms`: one curve read aloud at the labelled percentiles. */
export function describePercentileLine(name: string, points: PercentilePoint[], maxMs: number): string {
  const figures = points
    .filter((point) => PERCENTILE_TICKS.some((tick) => tick.percentile === point.percentile))
    .map((point) => `p${point.percentile} ${formatMillis(point.ms)} ms`);
  return `${name}: ${[...figures, `max ${formatMillis(maxMs)} ms`].join(', ')}`;
}
