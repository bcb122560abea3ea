import { formatMillis } from '@/lib/format';
import type { CompareCell, ComparedRun } from '@/types/api-models';

/**
 * The x of percentile p on the chart: 1/(1 − p), drawn on a log axis, so 90 %, 99 %, 99.9 % and
 * 99.99 % are equally far apart and the tail gets as much room as the median.
 */
export function percentileAxisValue(percentile: number): number {
  return 1 / (1 - percentile / 100);
}

// Where the axis is labelled: 50 %, 90 %, 99 %, 99.9 % and 99.99 %.
export const PERCENTILE_TICKS: { value: number; label: string }[] = [50, 90, 99, 99.9, 99.99].map((p) => ({
  value: percentileAxisValue(p),
  label: `${p} %`,
}));

/** The label of an axis value, for the ticks above; the nearest percentile otherwise. */
export function percentileLabel(axisValue: number): string {
  const tick = PERCENTILE_TICKS.find(
    (candidate) => Math.abs(candidate.value - axisValue) / candidate.value < 1e-6,
  );
  if (tick) return tick.label;
  const percentile = 100 * (1 - 1 / axisValue);
  return `${Number(percentile.toFixed(3))} %`;
}

// A stack keeps its colour in every run; a run keeps its dash in every stack.
const stackColours = ['#1f5fbf', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207'];
const runDashes: (string | number[])[] = ['solid', 'dashed', 'dotted', [10, 4, 2, 4], [2, 6]];

export type StackNames = (stack: string) => string;

type CurveChart = {
  cell: CompareCell;
  runs: ComparedRun[];
  names: StackNames;
};

function seriesName(run: ComparedRun, stack: string, names: StackNames, runCount: number): string {
  const baseline = run.baseline && runCount > 1 ? ' (baseline)' : '';
  return runCount > 1 ? `${names(stack)} · ${run.slug}${baseline}` : names(stack);
}

/** One line per run × stack: latency (ms) against 1/(1 − p) on a log axis labelled 50 % … 99.99 %. */
export function percentileChartOption({ cell, runs, names }: CurveChart) {
  const stacks = cell.stacks.map((stack) => stack.stack);
  const series = cell.curves.map((curve) => {
    const runIndex = Math.max(
      0,
      runs.findIndex((run) => run.id === curve.run),
    );
    const run = runs[runIndex];
    const colour = stackColours[Math.max(0, stacks.indexOf(curve.stack)) % stackColours.length];
    return {
      name: run ? seriesName(run, curve.stack, names, runs.length) : `${names(curve.stack)} · ${curve.slug}`,
      type: 'line' as const,
      showSymbol: true,
      symbolSize: 5,
      color: colour,
      lineStyle: { type: runDashes[runIndex % runDashes.length], width: run?.baseline ? 2.5 : 1.75 },
      data: curve.points.map((point) => [percentileAxisValue(point.percentile), point.ms]),
    };
  });
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

/** Every curve read aloud, since the drawing says nothing to a screen reader. */
export function describePercentileChart({ cell, runs, names }: CurveChart, title: string): string {
  const lines = cell.curves.map((curve) => {
    const run = runs.find((candidate) => candidate.id === curve.run);
    const points = curve.points
      .filter((point) => PERCENTILE_TICKS.some((tick) => tick.label === `${point.percentile} %`))
      .map((point) => `p${point.percentile} ${formatMillis(point.ms)} ms`);
    const name = run ? seriesName(run, curve.stack, names, runs.length) : curve.stack;
    return `${name}: ${[...points, `max ${formatMillis(curve.maxMs)} ms`].join(', ')}`;
  });
  return lines.length ? `${title}. ${lines.join('; ')}` : `${title}. No latency recorded.`;
}
