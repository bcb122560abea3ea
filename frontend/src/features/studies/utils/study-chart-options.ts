import { barChartOption, type BarSeries } from '@/components/ui/bar-chart-option';
import type { Study, StudyCell, StudyRun, StudyStackFigures } from '@/types/api-models';

export type StackNames = (stackId: string) => string;

export type StudyChartPanel = {
  key: string;
  title: string;
  description: string;
  option: object;
  // Every cell of the chart waits for a security mode no stack supports yet: there is nothing to draw.
  allPending: boolean;
};

function allPending(cells: (StudyCell | undefined)[]): boolean {
  return cells.every((cell) => !cell || cell.status === 'pending');
}

const securityOrder = ['plain', 'username', 'sign', 'signencr'];

type Axis = 'size' | 'security' | 'concurrency' | 'method';

function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function sizeLabel(study: Study | undefined, size: string): string {
  return study?.matrix.sizes?.find((candidate) => candidate.id === size)?.label ?? size;
}

function orderOf(run: StudyRun, study: Study | undefined, axis: Axis): string[] {
  const seen = distinct(run.cells.map((cell) => String(cell[axis])));
  const preferred =
    axis === 'size'
      ? (study?.matrix.sizes ?? []).map((size) => size.id ?? '')
      : axis === 'security'
        ? securityOrder
        : axis === 'method'
          ? (study?.matrix.methods ?? []).map((method) => method.id ?? '')
          : [];
  return [
    ...preferred.filter((value) => seen.includes(value)),
    ...seen.filter((value) => !preferred.includes(value)),
  ];
}

function stacksOf(run: StudyRun, study: Study | undefined): string[] {
  const seen = distinct(run.cells.flatMap((cell) => cell.stacks.map((stack) => stack.stack)));
  const preferred = (study?.matrix.stacks ?? []).filter((stack) => seen.includes(stack));
  return [...preferred, ...seen.filter((stack) => !preferred.includes(stack))];
}

function describeAxisValue(study: Study | undefined, axis: Axis, value: string): string {
  if (axis === 'size') return sizeLabel(study, value);
  if (axis === 'concurrency') return `${value} connection${value === '1' ? '' : 's'}`;
  if (axis === 'method') return study?.matrix.methods?.find((method) => method.id === value)?.label ?? value;
  return value;
}

/** Splits the cells into one chart per combination of the axes that are neither the x axis nor the series. */
function panelsOf(run: StudyRun, study: Study | undefined, xAxis: Axis) {
  const splitAxes = (['size', 'security', 'concurrency', 'method'] as Axis[]).filter(
    (axis) => axis !== xAxis && orderOf(run, study, axis).length > 1,
  );
  const groups = new Map<string, StudyCell[]>();
  for (const cell of run.cells) {
    const key = splitAxes.map((axis) => String(cell[axis])).join('/');
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  return [...groups.entries()].map(([key, cells]) => ({
    key,
    cells,
    name: splitAxes.map((axis) => describeAxisValue(study, axis, String(cells[0][axis]))).join(' · '),
  }));
}

function figuresOf(cell: StudyCell | undefined, stack: string): StudyStackFigures | undefined {
  return cell?.stacks.find((figures) => figures.stack === stack);
}

function formatFigure(value: number, fractionDigits: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: fractionDigits });
}

/** Each point read aloud; a pending cell says "pending", never a number. */
function describePoints(
  title: string,
  categories: { label: string; cell?: StudyCell }[],
  stacks: string[],
  names: StackNames,
  value: (figures: StudyStackFigures | undefined) => number | null,
  format: (value: number) => string,
): string {
  const groups = categories.map(({ label, cell }) => {
    if (!cell || cell.status === 'pending') return `${label}: pending`;
    const points = stacks.map((stack) => {
      const figure = value(figuresOf(cell, stack));
      return `${names(stack)} ${figure === null ? 'no data' : format(figure)}`;
    });
    return `${label}: ${points.join(', ')}`;
  });
  return `${title}. ${groups.join('; ')}`;
}

function categoryLabel(label: string, cell: StudyCell | undefined): string {
  return !cell || cell.status === 'pending' ? `${label} (pending)` : label;
}

// Bars stand side by side along the security modes (Sosnoski) or, with one mode, along the methods (XINS).
function barAxis(run: StudyRun, study: Study | undefined): Axis {
  if (orderOf(run, study, 'security').length > 1) return 'security';
  if (orderOf(run, study, 'method').length > 1) return 'method';
  return 'security';
}

function barPanels(
  run: StudyRun,
  study: Study | undefined,
  names: StackNames,
  chart: {
    title: (panel: string, cells: StudyCell[]) => string;
    unit: string;
    fractionDigits: number;
    value: (figures: StudyStackFigures | undefined) => number | null;
  },
): StudyChartPanel[] {
  const stacks = stacksOf(run, study);
  const xAxis = barAxis(run, study);
  const values = orderOf(run, study, xAxis);
  return panelsOf(run, study, xAxis).map((panel) => {
    const categories = values
      .map((value) => ({
        label: describeAxisValue(study, xAxis, value),
        cell: panel.cells.find((cell) => String(cell[xAxis]) === value),
      }))
      .filter((category) => category.cell);
    const series: BarSeries[] = stacks.map((stack) => ({
      name: names(stack),
      values: categories.map(({ cell }) =>
        cell?.status === 'pending' ? null : chart.value(figuresOf(cell, stack)),
      ),
    }));
    const title = chart.title(panel.name, panel.cells);
    const format = (value: number) => `${formatFigure(value, chart.fractionDigits)} ${chart.unit}`;
    return {
      key: panel.key,
      title,
      description: describePoints(title, categories, stacks, names, chart.value, format),
      allPending: allPending(categories.map(({ cell }) => cell)),
      option: barChartOption({
        title,
        unit: chart.unit,
        fractionDigits: chart.fractionDigits,
        categories: categories.map(({ label, cell }) => categoryLabel(label, cell)),
        series,
      }),
    };
  });
}

// Only where the study's own size label cannot already say how long the sequence is.
function sequenceNote(study: Study | undefined, cells: StudyCell[]): string {
  if (study?.matrix.sizes?.some((size) => size.id === cells[0]?.size && size.label)) return '';
  const lengths = distinct(
    cells.map((cell) => cell.sequenceLength).filter((length) => typeof length === 'number'),
  );
  return lengths.length === 1 ? ` (${Number(lengths[0]).toLocaleString('en-US')} requests)` : '';
}

/** Sosnoski's figures 2 and 4: time for one pass of the request sequence, per security mode and stack. */
export function absoluteTimePanels(
  run: StudyRun,
  study: Study | undefined,
  names: StackNames,
): StudyChartPanel[] {
  const useBest = (run.chart ?? study?.chart)?.metric === 'total-seconds-best';
  return barPanels(run, study, names, {
    title: (panel, cells) =>
      `Time for the request sequence${panel ? `: ${panel}` : ''}${sequenceNote(study, cells)}, ${useBest ? 'best' : 'median'} of the repetitions (seconds, lower is better)`,
    unit: 's',
    fractionDigits: 2,
    value: (figures) => {
      const seconds = useBest ? figures?.totalSeconds?.best : figures?.totalSeconds?.median;
      return typeof seconds === 'number' ? seconds : null;
    },
  });
}

/** Sosnoski's figures 3 and 5: each stack's time divided by the baseline stack's time in the same cell. */
export function normalisedTimePanels(
  run: StudyRun,
  study: Study | undefined,
  names: StackNames,
): StudyChartPanel[] {
  const chart = run.chart ?? study?.chart;
  if (!chart?.baseline) return [];
  const useBest = chart.metric === 'total-seconds-best';
  return barPanels(run, study, names, {
    title: (panel) =>
      `Time relative to ${names(chart.baseline ?? '')}${panel ? `: ${panel}` : ''} (${names(chart.baseline ?? '')} = 1, lower is better)`,
    unit: '×',
    fractionDigits: 2,
    value: (figures) => {
      // The contract gives speed ratios (> 1 is faster); time is their inverse.
      const speed = useBest ? figures?.normalised?.best : figures?.normalised?.median;
      return typeof speed === 'number' && speed > 0 ? 1 / speed : null;
    },
  });
}

/** The WSO2 article's chart: throughput against message size, one line per stack. */
export function throughputVsSizePanels(
  run: StudyRun,
  study: Study | undefined,
  names: StackNames,
): StudyChartPanel[] {
  const stacks = stacksOf(run, study);
  const sizes = orderOf(run, study, 'size');
  return panelsOf(run, study, 'size').map((panel) => {
    const categories = sizes
      .map((size) => ({
        label: sizeLabel(study, size),
        cell: panel.cells.find((cell) => cell.size === size),
      }))
      .filter((category) => category.cell);
    const value = (figures: StudyStackFigures | undefined) => figures?.throughput?.median ?? null;
    const title = `Throughput against message size${panel.name ? `: ${panel.name}` : ''} (requests per second, higher is better)`;
    return {
      key: panel.key,
      title,
      allPending: allPending(categories.map(({ cell }) => cell)),
      description: describePoints(
        title,
        categories,
        stacks,
        names,
        value,
        (v) => `${formatFigure(v, 0)} req/s`,
      ),
      option: {
        animation: false,
        grid: { left: 8, right: 16, top: 44, bottom: 8, containLabel: true },
        legend: { top: 0 },
        tooltip: { trigger: 'axis' },
        xAxis: {
          type: 'category',
          name: 'message size',
          nameLocation: 'middle',
          nameGap: 28,
          data: categories.map(({ label, cell }) => categoryLabel(label, cell)),
        },
        yAxis: { type: 'value', name: 'req/s', nameTextStyle: { align: 'left' } },
        series: stacks.map((stack) => ({
          name: names(stack),
          type: 'line',
          connectNulls: false,
          symbolSize: 8,
          data: categories.map(({ cell }) =>
            cell?.status === 'pending' ? null : value(figuresOf(cell, stack)),
          ),
        })),
      },
    };
  });
}

/** Median throughput per stack, for studies whose sequence has no fixed length to turn into a time. */
export function throughputPanels(
  run: StudyRun,
  study: Study | undefined,
  names: StackNames,
): StudyChartPanel[] {
  return barPanels(run, study, names, {
    title: (panel) => `Throughput${panel ? `: ${panel}` : ''} (requests per second, higher is better)`,
    unit: 'req/s',
    fractionDigits: 0,
    value: (figures) => figures?.throughput?.median ?? null,
  });
}

/** The article's chart forms for this study's chart kind. */
export function studyChartPanels(
  run: StudyRun,
  study: Study | undefined,
  names: StackNames,
): StudyChartPanel[] {
  const kind = (run.chart ?? study?.chart)?.kind;
  if (kind === 'throughput-vs-size') return throughputVsSizePanels(run, study, names);
  if (kind === 'normalised')
    return [...normalisedTimePanels(run, study, names), ...throughputPanels(run, study, names)];
  return [...absoluteTimePanels(run, study, names), ...normalisedTimePanels(run, study, names)];
}
