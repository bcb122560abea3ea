import type { CustomSeriesRenderItemAPI, CustomSeriesRenderItemParams } from 'echarts';
import type { StackNames } from '@/features/leaderboards/utils/describe-board';
import { formatRate, formatShortDateTime } from '@/lib/format';
import type { Leaderboard, LeaderboardHistoryPoint, LeaderboardHistoryValue } from '@/types/api-models';
import { errorBar } from '@/components/ui/error-bar';

type HistoryBoard = Pick<Leaderboard, 'title' | 'history' | 'segments'>;

export type HistoryChart = {
  title: string;
  description: string;
  option: HistoryChartOption;
};

export type HistoryLineSeries = {
  id: string;
  name: string;
  type: 'line';
  connectNulls: false;
  symbolSize: number;
  color: string;
  data: (number | null)[];
};

export type HistoryIntervalSeries = {
  id: string;
  name: string;
  type: 'custom';
  renderItem: ReturnType<typeof intervalRenderer>;
  data: [index: number, low: number, high: number][];
  encode: { x: number; y: number[] };
  z: number;
  tooltip: { show: false };
};

/** One segment after the first: its first and last point, its place among the segments, and a 0 for the y axis. */
export type SegmentDatum = [first: number, last: number, position: number, zero: 0];

export type SegmentMarkers = {
  id: 'segments';
  name: string;
  type: 'custom';
  renderItem: ReturnType<typeof segmentRenderer>;
  data: SegmentDatum[];
  encode: { x: number[]; y: number };
  silent: true;
  z: number;
  tooltip: { show: false };
};

export type HistoryChartOption = {
  animation: false;
  grid: object;
  legend?: { top: number; data: string[] };
  tooltip: object;
  xAxis: { type: 'category'; data: string[]; axisLabel: object };
  yAxis: object;
  series: (HistoryLineSeries | HistoryIntervalSeries | SegmentMarkers)[];
};

// The site's accent first; then colours told apart in print and by most colour-blind readers.
const palette = ['#1f5fbf', '#c2410c', '#1c7a43', '#7c3aed', '#b3261e', '#0e7490', '#a16207', '#be185d'];
const intervalOffset = 6;

function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** The stacks of the history, in the order they first appear. */
export function historyStacks(history: LeaderboardHistoryPoint[]): string[] {
  return distinct(history.flatMap((point) => point.stacks.map((value) => value.stack)));
}

function valueOf(point: LeaderboardHistoryPoint, stack: string): LeaderboardHistoryValue | undefined {
  return point.stacks.find((value) => value.stack === stack);
}

function pointLabel(point: LeaderboardHistoryPoint): string {
  return point.finishedAt ? formatShortDateTime(point.finishedAt) : point.slug;
}

/**
 * The interval of one point as a vertical bar with caps, nudged sideways by the stack's place so
 * that the bars of stacks with close figures do not hide each other.
 */
export function intervalRenderer(color: string, stackIndex: number, stackCount: number) {
  return (_params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI) => {
    const index = Number(api.value(0));
    const low = api.coord([index, Number(api.value(1))]);
    const high = api.coord([index, Number(api.value(2))]);
    const x = low[0] + (stackIndex - (stackCount - 1) / 2) * intervalOffset;
    return errorBar(x, low[1], high[1], 3, color);
  };
}

type TooltipParam = { seriesName?: string; seriesType?: string; value?: unknown; marker?: unknown };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The run under the pointer with each stack's figure. A stack's line in another segment has no
 * value there: it is left out rather than read as a figure.
 */
export function historyTooltip(params: TooltipParam[] | TooltipParam): string {
  const list = Array.isArray(params) ? params : [params];
  const first = list[0] as (TooltipParam & { axisValueLabel?: string }) | undefined;
  const lines = list
    .filter((param) => param.seriesType === 'line' && typeof param.value === 'number')
    .map(
      (param) =>
        `${typeof param.marker === 'string' ? param.marker : ''}${escapeHtml(param.seriesName ?? '')}: ${formatRate(param.value as number)} req/s`,
    );
  return [escapeHtml(first?.axisValueLabel ?? ''), ...lines].join('<br/>');
}

type GridArea = { x: number; y: number; width: number; height: number };

/**
 * The boundaries between segments, drawn without ECharts' mark components (which would grow the
 * chart bundle): a dashed line halfway between the last run of one segment and the first of the
 * next, labelled with what changed, and every other segment shaded so each reads as its own stretch.
 */
export function segmentRenderer(changes: string[], pointCount: number) {
  return (params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI) => {
    const area = (params as unknown as { coordSys: GridArea }).coordSys;
    const first = Number(api.value(0));
    const last = Number(api.value(1));
    const position = Number(api.value(2));
    const x = (index: number) => api.coord([index, 0])[0];
    const left = first > 0 ? (x(first - 1) + x(first)) / 2 : area.x;
    const right = last < pointCount - 1 ? (x(last) + x(last + 1)) / 2 : area.x + area.width;
    const top = area.y;
    const bottom = area.y + area.height;
    const shade =
      position % 2 === 0
        ? [
            {
              type: 'rect',
              shape: { x: left, y: top, width: right - left, height: bottom - top },
              style: { fill: 'rgba(31, 95, 191, 0.06)' },
            },
          ]
        : [];
    return {
      type: 'group',
      children: [
        ...shade,
        {
          type: 'line',
          shape: { x1: left, y1: top, x2: left, y2: bottom },
          style: { stroke: '#5b6474', lineWidth: 1, lineDash: [4, 3] },
        },
        {
          type: 'text',
          // Read top to bottom, just inside the segment it starts.
          x: left + 3,
          y: top + 4,
          rotation: -Math.PI / 2,
          style: {
            text: changes[position] ?? '',
            fill: '#5b6474',
            fontSize: 11,
            align: 'left',
            verticalAlign: 'bottom',
            width: Math.max(0, bottom - top - 8),
            overflow: 'truncate',
          },
        },
      ],
    };
  };
}

/** The accessible description: every point read aloud, segment by segment. */
function describeHistory(title: string, board: HistoryBoard, stacks: string[], names: StackNames): string {
  const segments = distinct(board.history.map((point) => point.segment));
  const parts = segments.map((segment) => {
    const points = board.history.filter((point) => point.segment === segment);
    const lines = stacks.flatMap((stack) => {
      const figures = points.flatMap((point) => {
        const value = valueOf(point, stack);
        if (!value) return [];
        const interval =
          value.low !== value.high ? ` [${formatRate(value.low)}–${formatRate(value.high)}]` : '';
        return [`${pointLabel(point)} ${formatRate(value.throughput)} req/s${interval}`];
      });
      return figures.length ? [`${names(stack)} ${figures.join(', ')}`] : [];
    });
    if (segments.length === 1) return lines.join('; ');
    const change = board.segments.find((candidate) => candidate.index === segment)?.change;
    return `segment ${segment}${change ? ` (${change})` : ''}: ${lines.join('; ')}`;
  });
  return `${title}. ${parts.join('. ')}`;
}

/**
 * The board's history: one line per stack over its official runs, the interval of each median as a
 * bar. Figures of different segments (another machine, another workload) are not comparable, so a
 * stack's line is a separate series in each segment and is never drawn across a boundary; each
 * boundary is marked with what changed. Null without a history point.
 */
export function historyChart(board: HistoryBoard, names: StackNames): HistoryChart | null {
  if (board.history.length === 0) return null;
  const title = `History of ${board.title}: median throughput of each official run (requests per second, higher is better; bars: interval of the median)`;
  const stacks = historyStacks(board.history);
  const segments = distinct(board.history.map((point) => point.segment));
  const colorOf = (stack: string) => palette[stacks.indexOf(stack) % palette.length];

  const lines: HistoryLineSeries[] = stacks.flatMap((stack) =>
    segments.flatMap((segment) => {
      const data = board.history.map((point) =>
        point.segment === segment ? (valueOf(point, stack)?.throughput ?? null) : null,
      );
      if (data.every((value) => value === null)) return [];
      return [
        {
          id: `${stack}/segment-${segment}`,
          name: names(stack),
          type: 'line' as const,
          connectNulls: false as const,
          symbolSize: 7,
          color: colorOf(stack),
          data,
        },
      ];
    }),
  );

  const intervals: HistoryIntervalSeries[] = stacks.flatMap((stack, stackIndex) => {
    const data = board.history.flatMap((point, index): [number, number, number][] => {
      const value = valueOf(point, stack);
      return value && value.low !== value.high ? [[index, value.low, value.high]] : [];
    });
    if (data.length === 0) return [];
    return [
      {
        id: `${stack}/intervals`,
        name: names(stack),
        type: 'custom' as const,
        renderItem: intervalRenderer(colorOf(stack), stackIndex, stacks.length),
        data,
        encode: { x: 0, y: [1, 2] },
        z: 3,
        tooltip: { show: false as const },
      },
    ];
  });

  const indexes = (segment: number) =>
    board.history.flatMap((point, index) => (point.segment === segment ? [index] : []));
  // Each segment after the first, with what started it; the first needs no boundary.
  const later = segments.slice(1);
  const changes = later.map(
    (segment) => board.segments.find((candidate) => candidate.index === segment)?.change ?? 'new segment',
  );
  const markers: SegmentMarkers[] = later.length
    ? [
        {
          id: 'segments',
          name: 'Segments',
          type: 'custom',
          renderItem: segmentRenderer(changes, board.history.length),
          data: later.map((segment, position): SegmentDatum => {
            const points = indexes(segment);
            return [points[0], points[points.length - 1], position, 0];
          }),
          encode: { x: [0, 1], y: 3 },
          silent: true,
          z: 1,
          tooltip: { show: false },
        },
      ]
    : [];

  return {
    title,
    description: describeHistory(title, board, stacks, names),
    option: {
      animation: false,
      grid: { left: 8, right: 16, top: stacks.length > 1 ? 44 : 28, bottom: 8, containLabel: true },
      legend: stacks.length > 1 ? { top: 0, data: stacks.map(names) } : undefined,
      tooltip: { trigger: 'axis', formatter: historyTooltip },
      xAxis: { type: 'category', data: board.history.map(pointLabel), axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', name: 'req/s', nameTextStyle: { align: 'left' } },
      series: [...lines, ...intervals, ...markers],
    },
  };
}
