import type { CustomSeriesRenderItemAPI, CustomSeriesRenderItemParams } from 'echarts';
import {
  changeMark,
  formatFigure,
  higherIsBetter,
  intervalOf,
  isAcknowledged,
  metricLabels,
} from '@/features/projects/utils/metrics';
import type { ProjectChange, ProjectSeries } from '@/types/api-models';
import { errorBar } from '@/components/ui/error-bar';

export const markColors = {
  regression: '#b3261e',
  improvement: '#1c7a43',
  acknowledged: '#5b6474',
} as const;

const lineColor = '#1f5fbf';

/** Where a change is drawn: just before the first run after it, in the colour of what it was. */
export type ChangeMark = {
  /** The index of the first run after the change among the series' points. */
  index: number;
  color: string;
  label: string;
};

export type IntervalSeries = {
  id: 'intervals';
  name: string;
  type: 'custom';
  renderItem: ReturnType<typeof intervalRenderer>;
  data: [index: number, low: number, high: number][];
  encode: { x: number; y: number[] };
  z: number;
  tooltip: { show: false };
};

export type ChangeSeries = {
  id: 'changes';
  name: string;
  type: 'custom';
  renderItem: ReturnType<typeof changeRenderer>;
  /**
   * The first run after each change, the change's place in the marks and that run's figure for the
   * y axis (a 0 there would stretch the axis, which does not start at 0, down to it).
   */
  data: [index: number, position: number, figure: number][];
  encode: { x: number; y: number };
  silent: true;
  z: number;
  tooltip: { show: false };
};

export type FigureSeries = {
  id: 'figures';
  name: string;
  type: 'line';
  symbolSize: number;
  color: string;
  data: number[];
};

export type ProjectChartOption = {
  animation: false;
  grid: object;
  tooltip: object;
  xAxis: { type: 'category'; data: string[]; axisLabel: object };
  yAxis: { type: 'value'; name: string; scale: true; nameTextStyle: object };
  series: (FigureSeries | IntervalSeries | ChangeSeries)[];
};

export type ProjectChart = {
  title: string;
  description: string;
  option: ProjectChartOption;
};

/** Each change the series found that falls on one of its points, coloured by what it means for the project. */
export function changeMarks(series: ProjectSeries): ChangeMark[] {
  return series.changes.flatMap((change) => {
    const index = series.points.findIndex((point) => point.run === change.firstRunAfter);
    if (index < 0) return [];
    const acknowledged = isAcknowledged(change);
    return [
      {
        index,
        color: acknowledged
          ? markColors.acknowledged
          : change.regression
            ? markColors.regression
            : markColors.improvement,
        label: acknowledged ? `${changeMark(change)}, acknowledged` : changeMark(change),
      },
    ];
  });
}

/** One run's interval as a vertical bar with caps. */
export function intervalRenderer(color: string) {
  return (_params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI) => {
    const index = Number(api.value(0));
    const low = api.coord([index, Number(api.value(1))]);
    const high = api.coord([index, Number(api.value(2))]);
    return errorBar(low[0], low[1], high[1], 4, color);
  };
}

type GridArea = { x: number; y: number; width: number; height: number };

/**
 * Each change as a dashed vertical line halfway between the last run before it and the first run
 * after it, labelled above the plot with its direction. Drawn as a custom series rather than with
 * ECharts' markLine, which would add its component to the chart bundle.
 */
export function changeRenderer(marks: ChangeMark[]) {
  return (params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI) => {
    const area = (params as unknown as { coordSys: GridArea }).coordSys;
    const index = Number(api.value(0));
    const mark = marks[Number(api.value(1))];
    const x = (at: number) => api.coord([at, 0])[0];
    const left = index > 0 ? (x(index - 1) + x(index)) / 2 : x(index);
    const top = area.y;
    const bottom = area.y + area.height;
    return {
      type: 'group',
      children: [
        {
          type: 'line',
          shape: { x1: left, y1: top, x2: left, y2: bottom },
          style: { stroke: mark.color, lineWidth: 1.5, lineDash: [5, 3] },
        },
        {
          type: 'text',
          // Above the plot, in the grid's top margin, where no figure is drawn.
          x: left,
          y: top - 3,
          style: {
            text: mark.label,
            fill: mark.color,
            fontSize: 11,
            align: 'center',
            verticalAlign: 'bottom',
          },
        },
      ],
    };
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function describeChange(series: ProjectSeries, change: ProjectChange): string {
  const first = series.points.find((point) => point.run === change.firstRunAfter);
  const acknowledgement =
    isAcknowledged(change) && change.acknowledgement
      ? `, acknowledged: ${change.acknowledgement.reason}`
      : '';
  return (
    `${change.regression ? 'regression' : 'improvement'} from ${first?.slug ?? 'a later run'}: ` +
    `${change.direction}, ${formatFigure(change.before, series.unit)} → ${formatFigure(change.after, series.unit)} ` +
    `${series.unit}${acknowledgement}`
  );
}

/** The chart's accessible name: its title, every run's figure and each change. */
function describeChart(title: string, series: ProjectSeries): string {
  const figures = series.points.map((point) => {
    const interval = intervalOf(point);
    const range = interval
      ? ` [${formatFigure(interval[0], series.unit)}–${formatFigure(interval[1], series.unit)}]`
      : '';
    return `${point.slug} ${formatFigure(point.median, series.unit)} ${series.unit}${range}`;
  });
  const changes = series.changes.map((change) => describeChange(series, change));
  return [
    `${title}. ${figures.join(', ')}.`,
    changes.length ? `Changes: ${changes.join('; ')}.` : 'No change found.',
  ].join(' ');
}

/**
 * One series of a branch's history: the run's figure in order, oldest first, the interval of each
 * throughput median as a bar, and each change found marked before the first run after it (red a
 * regression, green an improvement, grey an acknowledged regression). Null without a point.
 */
export function projectHistoryChart(series: ProjectSeries, name: string): ProjectChart | null {
  if (series.points.length === 0) return null;
  const label = metricLabels[series.metric];
  const intervals = series.points.flatMap((point, index): [number, number, number][] => {
    const interval = intervalOf(point);
    return interval ? [[index, interval[0], interval[1]]] : [];
  });
  const marks = changeMarks(series);
  const title =
    `${label} of ${name}, run by run (${series.unit}, ${higherIsBetter(series.metric) ? 'higher' : 'lower'} is better` +
    `${intervals.length ? '; bars: 95 % interval of the median' : ''}` +
    `${marks.length ? '; dashed lines: changes' : ''})`;
  const byRun = new Map(series.points.map((point) => [point.slug, point]));

  const tooltip = (params: unknown) => {
    const list = (Array.isArray(params) ? params : [params]) as { axisValue?: string }[];
    const point = byRun.get(list[0]?.axisValue ?? '');
    if (!point) return '';
    const interval = intervalOf(point);
    return [
      escapeHtml(point.slug + (point.commit ? ` · ${point.commit.slice(0, 12)}` : '')),
      escapeHtml(
        `${label}: ${formatFigure(point.median, series.unit)} ${series.unit}` +
          (interval
            ? ` [${formatFigure(interval[0], series.unit)}–${formatFigure(interval[1], series.unit)}]`
            : ''),
      ),
      escapeHtml(`${series.stack} ${point.version}`),
    ].join('<br/>');
  };

  const figures: FigureSeries = {
    id: 'figures',
    name: label,
    type: 'line',
    symbolSize: 7,
    color: lineColor,
    data: series.points.map((point) => point.median),
  };
  const intervalSeries: IntervalSeries[] = intervals.length
    ? [
        {
          id: 'intervals',
          name: `${label} interval`,
          type: 'custom',
          renderItem: intervalRenderer(lineColor),
          data: intervals,
          encode: { x: 0, y: [1, 2] },
          z: 3,
          tooltip: { show: false },
        },
      ]
    : [];
  const changeSeries: ChangeSeries[] = marks.length
    ? [
        {
          id: 'changes',
          name: 'Changes',
          type: 'custom',
          renderItem: changeRenderer(marks),
          data: marks.map((mark, position) => [mark.index, position, series.points[mark.index].median]),
          encode: { x: 0, y: 2 },
          silent: true,
          z: 1,
          tooltip: { show: false },
        },
      ]
    : [];

  return {
    title,
    description: describeChart(title, series),
    option: {
      animation: false,
      grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', formatter: tooltip },
      xAxis: {
        type: 'category',
        data: series.points.map((point) => point.slug),
        axisLabel: { hideOverlap: true },
      },
      yAxis: { type: 'value', name: series.unit, scale: true, nameTextStyle: { align: 'left' } },
      series: [figures, ...intervalSeries, ...changeSeries],
    },
  };
}
