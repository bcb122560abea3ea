import { describe, expect, it } from 'vitest';
import {
  historyChart,
  historyTooltip,
  intervalRenderer,
  type HistoryIntervalSeries,
  type HistoryLineSeries,
  type SegmentMarkers,
} from '@/features/leaderboards/utils/history-chart-option';
import { rankedBoardFixture } from '@/testing/leaderboard-fixtures';
import type { Leaderboard } from '@/types/api-models';

const names = (id: string) => ({ gsoap: 'gSOAP', cxf: 'Apache CXF', metro: 'Metro' })[id.split('@')[0]] ?? id;

function chartOf(board: Leaderboard) {
  const chart = historyChart(board, names);
  if (!chart) throw new Error('no chart');
  return chart;
}

function linesOf(board: Leaderboard): HistoryLineSeries[] {
  return chartOf(board).option.series.filter(
    (serie): serie is HistoryLineSeries => serie.type === 'line' && serie.id !== 'segments',
  );
}

/** The segment of each history point that a series has a value for. */
function segmentsCovered(serie: HistoryLineSeries, board: Leaderboard): number[] {
  return [
    ...new Set(serie.data.flatMap((value, index) => (value === null ? [] : [board.history[index].segment]))),
  ];
}

describe('history chart', () => {
  it('draws one line per stack and segment, and never joins a line across a segment boundary', () => {
    const lines = linesOf(rankedBoardFixture);
    expect(lines.map((serie) => [serie.id, serie.name, serie.data])).toEqual([
      ['gsoap/segment-1', 'gSOAP', [4000, 4100, null]],
      ['gsoap/segment-2', 'gSOAP', [null, null, 6000]],
      ['cxf/segment-1', 'Apache CXF', [1800, 1850, null]],
      ['cxf/segment-2', 'Apache CXF', [null, null, 2400]],
      // Metro was first measured in the second segment: it has no line in the first.
      ['metro/segment-2', 'Metro', [null, null, 5900]],
    ]);
    for (const serie of lines) {
      expect(segmentsCovered(serie, rankedBoardFixture), serie.id).toHaveLength(1);
      expect(serie.connectNulls).toBe(false);
    }
    // One stack keeps one colour in every segment, so the legend names it once.
    const gsoap = lines.filter((serie) => serie.name === 'gSOAP');
    expect(gsoap[0].color).toBe(gsoap[1].color);
    expect(gsoap[0].color).not.toBe(lines.find((serie) => serie.name === 'Apache CXF')?.color);
    expect(chartOf(rankedBoardFixture).option.legend?.data).toEqual(['gSOAP', 'Apache CXF', 'Metro']);
  });

  it('breaks the line where a stack is missing from a run, within a segment too', () => {
    const [first, second, third] = rankedBoardFixture.history;
    const board = {
      ...rankedBoardFixture,
      segments: [rankedBoardFixture.segments[0]],
      history: [
        first,
        { ...second, stacks: second.stacks.filter((value) => value.stack !== 'cxf') },
        { ...third, segment: 1 },
      ],
    };
    const cxf = linesOf(board).find((serie) => serie.id === 'cxf/segment-1');
    expect(cxf?.data).toEqual([1800, null, 2400]);
    expect(cxf?.connectNulls).toBe(false);
  });

  it('marks each segment boundary with what changed', () => {
    const option = chartOf(rankedBoardFixture).option;
    const markers = option.series.find((serie): serie is SegmentMarkers => serie.id === 'segments');
    // Segment 2 is the third run alone.
    expect(markers?.data).toEqual([[2, 2, 0, 0]]);
    expect(option.xAxis.data).toHaveLength(3);

    // Points 100 px apart from x = 50; the boundary is drawn halfway between runs 2 and 3.
    const api = {
      value: (dimension: number) => markers?.data[0][dimension],
      coord: ([index]: number[]) => [50 + index * 100, 300],
    };
    const drawn = markers?.renderItem(
      { coordSys: { x: 20, y: 10, width: 300, height: 250 } } as never,
      api as never,
    ) as {
      children: {
        type: string;
        shape?: { x1?: number; x?: number; width?: number };
        style: { text?: string };
      }[];
    };
    const line = drawn.children.find((child) => child.type === 'line');
    expect(line?.shape?.x1).toBe(200);
    const shade = drawn.children.find((child) => child.type === 'rect');
    expect(shade?.shape).toMatchObject({ x: 200, width: 120 });
    expect(drawn.children.find((child) => child.type === 'text')?.style.text).toBe(
      rankedBoardFixture.segments[1].change,
    );
  });

  it('marks nothing when the whole history is one segment', () => {
    const board = {
      ...rankedBoardFixture,
      segments: [rankedBoardFixture.segments[0]],
      history: rankedBoardFixture.history.slice(0, 2),
    };
    expect(chartOf(board).option.series.some((serie) => serie.id === 'segments')).toBe(false);
  });

  it('draws each point’s interval as a bar, and none where there is no spread', () => {
    const board = {
      ...rankedBoardFixture,
      history: rankedBoardFixture.history.map((point, index) =>
        index === 0
          ? {
              ...point,
              stacks: point.stacks.map((value) => ({
                ...value,
                low: value.throughput,
                high: value.throughput,
              })),
            }
          : point,
      ),
    };
    const intervals = chartOf(board).option.series.filter(
      (serie): serie is HistoryIntervalSeries => serie.type === 'custom',
    );
    expect(intervals.find((serie) => serie.id === 'gsoap/intervals')?.data).toEqual([
      [1, 4000, 4200],
      [2, 5800, 6200],
    ]);
  });

  it('reads every point aloud, segment by segment', () => {
    const { title, description } = chartOf(rankedBoardFixture);
    expect(title).toMatch(/^History of Echo, 1 KB messages/);
    expect(description.startsWith(`${title}. segment 1: gSOAP `)).toBe(true);
    expect(description).toContain('4,000 req/s [3,900–4,100]');
    expect(description).toMatch(/segment 2 \(the machine changed: Intel Xeon .*\): gSOAP .* 6,000 req\/s/);
    expect(description).toMatch(/Metro .* 5,900 req\/s \[5,500–6,300\]$/);
  });

  it('draws nothing without a history point', () => {
    expect(historyChart({ ...rankedBoardFixture, history: [], segments: [] }, names)).toBeNull();
  });

  it('nudges the interval bars of several stacks apart around their point', () => {
    const values: Record<number, number> = { 0: 1, 1: 100, 2: 200 };
    const api = {
      value: (dimension: number) => values[dimension],
      coord: ([index, value]: number[]) => [100 + index * 50, 500 - value],
    };
    const render = (stackIndex: number) =>
      intervalRenderer('#000', stackIndex, 3)({} as never, api as never) as {
        children: { shape: { x1: number; y1: number; y2: number } }[];
      };
    expect(render(0).children[0].shape).toMatchObject({ x1: 144, y1: 300, y2: 400 });
    expect(render(1).children[0].shape).toMatchObject({ x1: 150 });
    expect(render(2).children[0].shape).toMatchObject({ x1: 156 });
  });

  it('leaves out of the tooltip the stacks that have no figure in that run', () => {
    const tooltip = historyTooltip([
      {
        seriesName: 'gSOAP',
        seriesType: 'line',
        value: null,
        marker: '',
        axisValueLabel: '20 Nov, 10:00',
      } as never,
      { seriesName: 'gSOAP', seriesType: 'line', value: 6000, marker: '' },
      { seriesName: 'Apache <CXF>', seriesType: 'line', value: 2400.4, marker: '' },
      { seriesName: 'gSOAP', seriesType: 'custom', value: [2, 5800, 6200], marker: '' },
    ]);
    expect(tooltip).toBe('20 Nov, 10:00<br/>gSOAP: 6,000 req/s<br/>Apache &#60;CXF&#62;: 2,400 req/s');
  });
});
