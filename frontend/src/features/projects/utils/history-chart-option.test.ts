import type { CustomSeriesRenderItemAPI, CustomSeriesRenderItemParams } from 'echarts';
import { describe, expect, it } from 'vitest';
import {
  changeMarks,
  markColors,
  projectHistoryChart,
  type ChangeSeries,
  type IntervalSeries,
} from '@/features/projects/utils/history-chart-option';
import { cpuSeries, latencySeries, rssSeries, throughputSeries } from '@/testing/project-fixtures';
import type { ProjectSeries } from '@/types/api-models';

function chartOf(series: ProjectSeries) {
  const chart = projectHistoryChart(series, 'gsoap · plain · echo · local');
  if (!chart) throw new Error('no chart');
  return chart;
}

const intervalsOf = (series: ProjectSeries) =>
  chartOf(series).option.series.find((serie): serie is IntervalSeries => serie.id === 'intervals');
const changesOf = (series: ProjectSeries) =>
  chartOf(series).option.series.find((serie): serie is ChangeSeries => serie.id === 'changes');

describe('project history chart', () => {
  it("draws the runs' figures in order, in the series' unit, with throughput's intervals as bars", () => {
    const { option } = chartOf(throughputSeries);
    expect(option.xAxis.data).toEqual(['run0', 'run1', 'run2', 'run3', 'run4', 'run5']);
    expect(option.yAxis.name).toBe('req/s');
    expect(option.series[0]).toMatchObject({ type: 'line', data: [1000, 1010, 995, 800, 805, 790] });
    expect(intervalsOf(throughputSeries)?.data).toEqual([
      [0, 990, 1010],
      [1, 1000, 1020],
      [2, 985, 1005],
      [3, 790, 810],
      [4, 795, 815],
      [5, 780, 800],
    ]);
  });

  it('draws no interval for a cost, whose points have none', () => {
    const chart = chartOf(latencySeries);
    expect(chart.option.yAxis.name).toBe('ms');
    expect(intervalsOf(latencySeries)).toBeUndefined();
    expect(chart.title).toBe(
      'p99 latency of gsoap · plain · echo · local, run by run (ms, lower is better; dashed lines: changes)',
    );
  });

  it('marks each change at the first run after it: red a regression, green an improvement, grey acknowledged', () => {
    expect(changeMarks(throughputSeries)).toEqual([
      { index: 3, color: markColors.regression, label: '▼ slower' },
    ]);
    expect(changeMarks(cpuSeries)).toEqual([{ index: 3, color: markColors.improvement, label: '▲ lower' }]);
    expect(changeMarks(latencySeries)).toEqual([
      { index: 3, color: markColors.acknowledged, label: '▼ higher, acknowledged' },
    ]);
    expect(changesOf(rssSeries)).toBeUndefined();
    // The marks sit at the run's own figure, so that they never pull the y axis down to 0.
    expect(changesOf(throughputSeries)?.data).toEqual([[3, 0, 800]]);
  });

  it('draws a change halfway between the last run before it and the first after, in its colour', () => {
    const marks = changesOf(latencySeries);
    if (!marks) throw new Error('no marks');
    const values = marks.data[0];
    const api = {
      value: (dimension: number) => values[dimension],
      coord: ([x, y]: number[]) => [100 + 50 * x, 300 - y],
    } as unknown as CustomSeriesRenderItemAPI;
    const params = {
      coordSys: { x: 40, y: 20, width: 400, height: 200 },
    } as unknown as CustomSeriesRenderItemParams;
    const drawn = marks.renderItem(params, api);
    const [line, label] = drawn.children;
    expect(line.shape).toEqual({ x1: 225, y1: 20, x2: 225, y2: 220 });
    expect(line.style).toMatchObject({ stroke: markColors.acknowledged });
    expect(label.style).toMatchObject({ text: '▼ higher, acknowledged', fill: markColors.acknowledged });
  });

  it('has no chart without a point', () => {
    expect(projectHistoryChart({ ...throughputSeries, points: [], changes: [] }, 'cxf')).toBeNull();
  });
});
