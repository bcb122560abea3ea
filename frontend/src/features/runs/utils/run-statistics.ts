import { describeStackStatus, isRunFinished, isStackSettled } from '@/features/runs/utils/run-status';
import type { Driver } from '@/lib/driver';
import { bytesToMebibytes, formatNumber, median } from '@/lib/format';
import { formatStackVersion, stackVariant } from '@/lib/stack-version';
import type {
  Comparison,
  Drift,
  Latency,
  MedianInterval,
  Measurement,
  Run,
  RunStack,
  StackLatencyCurve,
  SummaryCell,
  SummaryStack,
} from '@/types/api-models';

// The contract's smallest number of paired rounds whose Wilcoxon interval reaches 95 %.
const defaultMinRounds = 6;

export type CapacitySearch = {
  repetition: number;
  rate?: number;
  steps: { rate?: number; p99Ms?: number; ok?: boolean }[];
};

export type StackFigures = {
  key: string;
  stack: string;
  version: string;
  label: string;
  repetitions: number;
  used: number;
  flagged: number;
  flagCounts: Record<string, number>;
  retries: number;
  // One line per flagged repetition: which, why, and how often it was retried.
  flaggedNotes: string[];
  throughput?: MedianInterval;
  coefficientOfVariation?: number | null;
  latencyMs?: Latency | null;
  // Median over repetitions of the p99 before correction for coordinated omission (open model only).
  uncorrectedP99Ms?: number;
  serverCpuSeconds?: number | null;
  peakRssMiB?: number | null;
  errors: number;
  errorKinds: Record<string, number>;
  capacityRate?: number;
  capacityRates: number[];
  capacitySearches: CapacitySearch[];
  // Requests of the repetitions the figures rest on.
  requests?: number | null;
  ranked: boolean;
  // The band (the API's `rank`), only in a cell with a verdict; null everywhere else.
  band?: number | null;
  // Labels of the other stacks of the same band.
  tiedWith: string[];
  reason?: string | null;
  isReference: boolean;
  // Against the cell's reference; null for the reference itself and in a cell without a verdict.
  comparison?: Comparison | null;
  percentOfBest?: number | null;
  // Latency at 50 to 99.99 % from the merged histograms of the used repetitions; absent without them.
  latencyCurve?: StackLatencyCurve | null;
  // Every measurement of the stack in this cell, flagged ones too, for the tables per repetition and operation.
  measurements: Measurement[];
  // False while the run may still add repetitions of this stack: its figures are so far, not final.
  settled: boolean;
};

/** A stack the run asked for that has no figures in a cell: it keeps its row, saying why. */
export type NotMeasuredStack = {
  key: string;
  label: string;
  version: string;
  status: RunStack['status'];
  // `not measured: build failed — wsdl2java: unsupported binding`
  text: string;
};

export type CellFigures = {
  key: string;
  label: string;
  model: 'closed' | 'open' | 'capacity';
  // What sent the measured load: the worker's neutral driver or each stack's own client.
  driver: Driver;
  stacks: StackFigures[];
  // Every stack of the run without figures in this cell, in the run's order, after the measured ones.
  notMeasured: NotMeasuredStack[];
  // True only when the backend gave a verdict for every pair: bands, ratios and % of best exist only then.
  hasVerdicts: boolean;
  // Why there is no verdict, in the backend's words where it gave them.
  notEnoughData?: string;
  // Every pair's verdict against the reference, in band order; empty in a cell without a verdict.
  comparisons: Comparison[];
  referenceLabel?: string;
  referenceChosenBy?: 'workload' | 'fastest' | null;
  drift?: Drift | null;
};

export type RunStatistics = {
  cells: CellFigures[];
  // False while the backend sends no summary: rows are then plain medians without intervals or bands.
  hasIntervals: boolean;
  minRounds: number;
};

function stackLabels(run: Run): (stack: string, version: string) => string {
  const names = new Map(run.stacks.map((stack) => [stack.id, stack.displayName || stack.id]));
  const versionsPerStack = new Map<string, Set<string>>();
  const note = (stack: string, version: string) =>
    versionsPerStack.set(stack, (versionsPerStack.get(stack) ?? new Set()).add(version));
  for (const stack of run.stacks) note(stack.id, stack.version);
  for (const m of run.measurements) note(m.stack, m.version);
  for (const cell of run.summary?.cells ?? []) for (const s of cell.stacks) note(s.stack, s.version);
  return (stack, version) => {
    const name = names.get(stack) ?? stack;
    // A variant is always named: a run of cxf+parallel-gc alone must not read as plain CXF.
    return (versionsPerStack.get(stack)?.size ?? 0) > 1 || stackVariant(version)
      ? `${name} ${formatStackVersion(version)}`
      : name;
  };
}

function sameCell(cell: SummaryCell, m: Measurement): boolean {
  const key = cell.key ?? {};
  const measured = m.cell ?? {};
  const equalWhenBoth = <T>(a: T | null | undefined, b: T | null | undefined) =>
    a === null || a === undefined || b === null || b === undefined || a === b;
  return (
    (key.security ?? 'plain') === (measured.security ?? 'plain') &&
    equalWhenBoth(key.operation, measured.operation) &&
    equalWhenBoth(key.connections, measured.connections) &&
    equalWhenBoth(key.keepAlive, measured.keepAlive) &&
    (key.driver ?? 'neutral') === (measured.driver ?? 'neutral')
  );
}

function medianOf(values: (number | undefined)[]): number | undefined {
  const present = values.filter((value): value is number => typeof value === 'number');
  return present.length ? median(present) : undefined;
}

function sumErrors(items: Measurement[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const m of items)
    for (const [kind, count] of Object.entries(m.errors ?? {})) kinds[kind] = (kinds[kind] ?? 0) + count;
  return kinds;
}

function describeFlaggedRepetition(m: Measurement): string {
  const steal = typeof m.stealPercent === 'number' ? ` (${formatNumber(m.stealPercent, 0)} % steal)` : '';
  const busy =
    typeof m.otherBusyPercent === 'number'
      ? ` (other processes ${formatNumber(m.otherBusyPercent, 0)} % busy)`
      : '';
  const retries = m.retries ? `, after ${m.retries} ${m.retries === 1 ? 'retry' : 'retries'}` : '';
  return `repetition ${m.repetition}: ${(m.flags ?? []).join(', ')}${steal}${busy}${retries}`;
}

function fromMeasurements(items: Measurement[]) {
  const errorKinds = sumErrors(items);
  return {
    retries: items.reduce((sum, m) => sum + (m.retries ?? 0), 0),
    flaggedNotes: items.filter((m) => m.flags?.length).map(describeFlaggedRepetition),
    errors: Object.values(errorKinds).reduce((sum, count) => sum + count, 0),
    errorKinds,
    uncorrectedP99Ms: medianOf(items.map((m) => m.uncorrectedLatencyMs?.p99)),
    capacitySearches: items
      .filter((m) => m.capacity)
      .map((m) => ({ repetition: m.repetition, rate: m.capacity?.rate, steps: m.capacity?.steps ?? [] })),
  };
}

/**
 * Whether a stack's figures are final: its run has ended, or the stack is done or will not be
 * measured again. A stack the run does not list counts as settled: nothing says it is still going.
 */
function stackSettled(run: Run): (stack: string, version: string) => boolean {
  if (isRunFinished(run.status)) return () => true;
  return (stack, version) => {
    const listed = run.stacks.find((candidate) => candidate.id === stack && candidate.version === version);
    return !listed || isStackSettled(listed.status);
  };
}

function labelOfKey(key: string, label: (stack: string, version: string) => string): string {
  const at = key.lastIndexOf('@');
  return at < 0 ? label(key, '') : label(key.slice(0, at), key.slice(at + 1));
}

function stackFromSummary(
  summary: SummaryStack,
  measurements: Measurement[],
  label: (stack: string, version: string) => string,
  reference: string | null | undefined,
  settled: boolean,
): StackFigures {
  const key = `${summary.stack}@${summary.version}`;
  return {
    key,
    stack: summary.stack,
    version: summary.version,
    label: label(summary.stack, summary.version),
    repetitions: summary.repetitions,
    used: summary.used,
    flagged: summary.flagged,
    flagCounts: summary.flags ?? {},
    throughput: summary.throughput,
    coefficientOfVariation: summary.coefficientOfVariation,
    latencyMs: summary.latencyMs,
    serverCpuSeconds: summary.serverCpuSecondsMedian,
    peakRssMiB:
      summary.peakRssBytesMax === null || summary.peakRssBytesMax === undefined
        ? null
        : bytesToMebibytes(summary.peakRssBytesMax),
    capacityRate: summary.capacity?.rateMedian,
    capacityRates: summary.capacity?.rates ?? [],
    requests: summary.requests,
    ranked: summary.ranked,
    band: summary.ranked ? summary.rank : null,
    tiedWith: (summary.tiedWith ?? []).map((other) => labelOfKey(other, label)),
    reason: summary.reason,
    isReference: key === reference,
    comparison: summary.comparison,
    percentOfBest: summary.percentOfBest,
    latencyCurve: summary.latencyCurve,
    measurements,
    settled,
    ...fromMeasurements(measurements),
  };
}

/**
 * Whether the cell may show bands and verdicts. The backend's `enoughData` decides; the rounds are
 * checked again so that no summary, however produced, makes too few rounds look ranked.
 */
function cellHasVerdicts(cell: SummaryCell, minRounds: number): boolean {
  const comparisons = cell.comparisons ?? [];
  return (
    cell.enoughData === true &&
    comparisons.length > 0 &&
    comparisons.every((c) => c.verdict !== 'not-enough-data' && c.rounds >= minRounds)
  );
}

function noVerdictSentence(cell: SummaryCell, minRounds: number): string {
  if (cell.notEnoughData) return cell.notEnoughData;
  if (cell.stacks.length < 2) return 'no verdict: one stack in this cell, nothing to compare it with';
  if (cell.comparisons === undefined) return 'no verdict: this summary carries no paired comparisons';
  if (cell.stacks.filter((stack) => stack.ranked).length < 2)
    return 'no verdict: fewer than two stacks in this cell can be ranked';
  return `not enough data for a verdict: at least ${minRounds} paired rounds needed`;
}

function byLabel(a: StackFigures, b: StackFigures): number {
  return a.label.localeCompare(b.label);
}

// Bands come from the band numbers themselves, so two stacks sharing one always read as tied.
function withBandPeers(stacks: StackFigures[]): StackFigures[] {
  return stacks.map((row) => {
    if (row.band === null || row.band === undefined) return row;
    const peers = stacks.filter((other) => other !== row && other.band === row.band).map((o) => o.label);
    return { ...row, tiedWith: [...new Set([...peers, ...row.tiedWith])] };
  });
}

// Without a verdict nothing may look ranked: no band, ratio or % of best, and rows by name, not by speed.
function withoutVerdicts(stacks: StackFigures[]): StackFigures[] {
  return stacks
    .map((row) => ({ ...row, band: null, tiedWith: [], comparison: null, percentOfBest: null }))
    .sort(byLabel);
}

function cellFromSummary(
  run: Run,
  cell: SummaryCell,
  label: (stack: string, version: string) => string,
  minRounds: number,
): Omit<CellFigures, 'notMeasured'> {
  const settled = stackSettled(run);
  const hasVerdicts = cellHasVerdicts(cell, minRounds);
  const stacks = cell.stacks.map((stack) =>
    stackFromSummary(
      stack,
      run.measurements.filter(
        (m) => m.stack === stack.stack && m.version === stack.version && sameCell(cell, m),
      ),
      label,
      cell.reference,
      settled(stack.stack, stack.version),
    ),
  );
  return {
    key: cell.label,
    label: cell.label,
    model: cellModel(run, cell),
    driver: cell.key?.driver ?? run.workload?.driver ?? 'neutral',
    hasVerdicts,
    drift: cell.drift,
    ...(hasVerdicts
      ? {
          stacks: withBandPeers(stacks),
          comparisons: cell.comparisons ?? [],
          referenceLabel: cell.reference ? labelOfKey(cell.reference, label) : undefined,
          referenceChosenBy: cell.referenceChosenBy,
        }
      : {
          stacks: withoutVerdicts(stacks),
          notEnoughData: noVerdictSentence(cell, minRounds),
          comparisons: [],
        }),
  };
}

function cellModel(run: Run, cell?: SummaryCell): CellFigures['model'] {
  return cell?.key?.model ?? run.workload?.load?.model ?? 'closed';
}

function legacyCellName(m: Measurement): string {
  const cell = m.cell ?? {};
  return [
    cell.security,
    cell.operation,
    cell.connections ? `${cell.connections} conn.` : undefined,
    cell.driver === 'native' ? 'native client' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

// Older runs carry no summary: their rows are the medians of the repetitions, with no interval or rank.
function statisticsFromMeasurements(
  run: Run,
  label: (stack: string, version: string) => string,
): Omit<CellFigures, 'notMeasured'>[] {
  const settled = stackSettled(run);
  const cells = new Map<string, Map<string, Measurement[]>>();
  for (const m of run.measurements) {
    const cellKey = legacyCellName(m);
    const stacks = cells.get(cellKey) ?? new Map<string, Measurement[]>();
    const stackKey = `${m.stack}@${m.version}`;
    stacks.set(stackKey, [...(stacks.get(stackKey) ?? []), m]);
    cells.set(cellKey, stacks);
  }
  return [...cells.entries()].map(([cellKey, stacks]) => ({
    key: cellKey,
    label: cellKey,
    model: cellModel(run),
    driver: [...stacks.values()][0][0].cell?.driver ?? run.workload?.driver ?? 'neutral',
    hasVerdicts: false,
    comparisons: [],
    stacks: [...stacks.entries()].map(([key, items]): StackFigures => {
      const pickLatency = (pick: (latency: Latency) => number | undefined) =>
        medianOf(items.map((m) => pick(m.latencyMs)));
      const throughput = medianOf(items.map((m) => m.throughput)) ?? 0;
      return {
        key,
        stack: items[0].stack,
        version: items[0].version,
        label: label(items[0].stack, items[0].version),
        repetitions: items.length,
        used: items.length,
        flagged: items.filter((m) => m.flags?.length).length,
        flagCounts: {},
        throughput: {
          median: throughput,
          low: throughput,
          high: throughput,
          n: 1,
          coverage: 0,
          approximate: true,
        },
        latencyMs: {
          p50: pickLatency((l) => l.p50),
          p90: pickLatency((l) => l.p90),
          p99: pickLatency((l) => l.p99),
          p999: pickLatency((l) => l.p999),
          max: pickLatency((l) => l.max),
        },
        serverCpuSeconds: medianOf(items.map((m) => m.serverCpuSeconds)),
        peakRssMiB: bytesToMebibytes(Math.max(...items.map((m) => m.peakRssBytes))),
        capacityRates: [],
        requests: items.reduce((sum, m) => sum + m.requests, 0),
        ranked: false,
        tiedWith: [],
        isReference: false,
        measurements: items,
        settled: settled(items[0].stack, items[0].version),
        ...fromMeasurements(items),
      };
    }),
  }));
}

/**
 * Why a stack has no figures: `not measured: build failed — <reason>` once it never will have any,
 * `not measured yet: building` while it still may, `not measured in this cell` for a stack measured
 * elsewhere in the run.
 */
export function describeNotMeasured(stack: Pick<RunStack, 'status' | 'reason'>): string {
  const reason = stack.reason?.trim();
  const why = (head: string) => (reason ? `${head} — ${reason}` : head);
  if (stack.status === 'done') return why('not measured in this cell');
  if (!isStackSettled(stack.status)) return why(`not measured yet: ${describeStackStatus(stack.status)}`);
  return why(`not measured: ${describeStackStatus(stack.status)}`);
}

function notMeasuredIn(
  run: Run,
  measured: StackFigures[],
  label: (stack: string, version: string) => string,
): NotMeasuredStack[] {
  const keys = new Set(measured.map((row) => row.key));
  return run.stacks
    .filter((stack) => !keys.has(`${stack.id}@${stack.version}`))
    .map((stack) => ({
      key: `${stack.id}@${stack.version}`,
      label: label(stack.id, stack.version),
      version: stack.version,
      status: stack.status,
      text: describeNotMeasured(stack),
    }));
}

/** A run with no figures at all: every stack it asked for, each with why it has none. */
export function notMeasuredStacks(run: Run): NotMeasuredStack[] {
  return notMeasuredIn(run, [], stackLabels(run));
}

/** The figures per cell and per stack@version: the backend's summary, joined with what only the measurements carry. */
export function runStatistics(run: Run): RunStatistics {
  const label = stackLabels(run);
  const summary = run.summary;
  const minRounds = summary?.minRounds ?? defaultMinRounds;
  const withNotMeasured = (cell: Omit<CellFigures, 'notMeasured'>): CellFigures => ({
    ...cell,
    notMeasured: notMeasuredIn(run, cell.stacks, label),
  });
  if (!summary || summary.cells.length === 0) {
    return {
      cells: statisticsFromMeasurements(run, label).map(withNotMeasured),
      hasIntervals: false,
      minRounds,
    };
  }
  return {
    hasIntervals: true,
    minRounds,
    cells: summary.cells.map((cell) => withNotMeasured(cellFromSummary(run, cell, label, minRounds))),
  };
}
