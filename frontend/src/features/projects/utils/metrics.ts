import { formatRate } from '@/lib/format';
import type {
  ProjectChange,
  ProjectMetric,
  ProjectPoint,
  ProjectSeries,
  ProjectUnit,
} from '@/types/api-models';

/** The metrics a branch's history follows, in the order the page offers them. */
export const metricOrder: ProjectMetric[] = ['throughput', 'latencyP99', 'cpuPerRequest', 'peakRss'];

export const metricLabels: Record<ProjectMetric, string> = {
  throughput: 'Throughput',
  latencyP99: 'p99 latency',
  cpuPerRequest: 'CPU per request',
  peakRss: 'Peak RSS',
};

/** Only throughput is better higher; every other metric is a cost. */
export function higherIsBetter(metric: ProjectMetric): boolean {
  return metric === 'throughput';
}

/**
 * A figure in its series' unit: throughput and MiB as whole numbers (one decimal below 100), and
 * milliseconds to three significant digits, as the backend's change sentences write them.
 */
export function formatFigure(value: number | null | undefined, unit: ProjectUnit): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (unit === 'ms' || unit === 'ms CPU') {
    return value.toLocaleString('en-US', { maximumSignificantDigits: 3 });
  }
  return formatRate(value);
}

/** The point's interval, when it has one: throughput over more than one repetition; never a cost. */
export function intervalOf(point: ProjectPoint): [low: number, high: number] | null {
  if (point.low === null || point.low === undefined || point.high === null || point.high === undefined) {
    return null;
  }
  return point.low === point.high ? null : [point.low, point.high];
}

export function formatInterval(point: ProjectPoint, unit: ProjectUnit): string {
  const interval = intervalOf(point);
  return interval ? `${formatFigure(interval[0], unit)}–${formatFigure(interval[1], unit)}` : '–';
}

/** ▼ for a change for the worse, ▲ for one for the better, whichever way the figure moved. */
export function changeMark(change: ProjectChange): string {
  return `${change.regression ? '▼' : '▲'} ${change.direction}`;
}

/** A regression the project accepted; only a regression is ever acknowledged. */
export function isAcknowledged(change: ProjectChange): boolean {
  return change.regression && Boolean(change.acknowledgement);
}

export type SeriesGroup = {
  key: string;
  hardwareClass: string;
  cell: string;
  stack: string;
  /** The group's series by metric, in {@link metricOrder}. */
  series: ProjectSeries[];
};

/** The series per hardware class × cell × stack, in the order the answer first names each. */
export function groupSeries(all: ProjectSeries[]): SeriesGroup[] {
  const groups = new Map<string, SeriesGroup>();
  for (const series of all) {
    const key = `${series.hardwareClass}\n${series.cell}\n${series.stack}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        hardwareClass: series.hardwareClass,
        cell: series.cell,
        stack: series.stack,
        series: [],
      };
      groups.set(key, group);
    }
    group.series.push(series);
  }
  const rank = (series: ProjectSeries) => metricOrder.indexOf(series.metric);
  return [...groups.values()].map((group) => ({
    ...group,
    series: [...group.series].sort((a, b) => rank(a) - rank(b)),
  }));
}
