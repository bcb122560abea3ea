import { bytesToMebibytes, median } from '@/lib/format';
import type { Measurement, Run } from '@/types/api-models';

export type ResultRow = {
  key: string;
  stack: string;
  label: string;
  version: string;
  cell: string;
  repetitions: number;
  requests: number;
  throughput: number;
  p50?: number;
  p90?: number;
  p99?: number;
  p999?: number;
  max?: number;
  serverCpuSeconds: number;
  peakRssMiB: number;
  errors: number;
  errorKinds: Record<string, number>;
};

export type ResultsSummary = {
  rows: ResultRow[];
  // True when the run measured more than one operation, security mode or connection count.
  hasSeveralCells: boolean;
};

function cellName(measurement: Measurement): string {
  const cell = measurement.cell ?? {};
  return [cell.operation, cell.security, cell.connections ? `${cell.connections} conn.` : undefined]
    .filter(Boolean)
    .join(' · ');
}

function medianOf(items: Measurement[], pick: (m: Measurement) => number | undefined): number | undefined {
  const values = items.map(pick).filter((value): value is number => typeof value === 'number');
  return values.length ? median(values) : undefined;
}

function stackLabels(run: Run): Map<string, string> {
  const names = new Map(run.stacks.map((stack) => [stack.id, stack.displayName || stack.id]));
  const versionsPerStack = new Map<string, Set<string>>();
  for (const m of run.measurements) {
    versionsPerStack.set(m.stack, (versionsPerStack.get(m.stack) ?? new Set()).add(m.version));
  }
  const labels = new Map<string, string>();
  for (const m of run.measurements) {
    const name = names.get(m.stack) ?? m.stack;
    const several = (versionsPerStack.get(m.stack)?.size ?? 0) > 1;
    labels.set(`${m.stack}@${m.version}`, several ? `${name} ${m.version}` : name);
  }
  return labels;
}

/** Groups repetitions of the same stack, version and cell, reporting the median of each figure. */
export function summarizeMeasurements(run: Run): ResultsSummary {
  const labels = stackLabels(run);
  const groups = new Map<string, Measurement[]>();
  for (const m of run.measurements) {
    const key = `${m.stack}@${m.version}|${cellName(m)}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }

  const rows: ResultRow[] = [...groups.entries()].map(([key, items]) => {
    const first = items[0];
    const errorKinds: Record<string, number> = {};
    for (const m of items) {
      for (const [kind, count] of Object.entries(m.errors ?? {}))
        errorKinds[kind] = (errorKinds[kind] ?? 0) + count;
    }
    return {
      key,
      stack: first.stack,
      label: labels.get(`${first.stack}@${first.version}`) ?? first.stack,
      version: first.version,
      cell: cellName(first),
      repetitions: items.length,
      requests: items.reduce((sum, m) => sum + m.requests, 0),
      throughput: medianOf(items, (m) => m.throughput) ?? 0,
      p50: medianOf(items, (m) => m.latencyMs.p50),
      p90: medianOf(items, (m) => m.latencyMs.p90),
      p99: medianOf(items, (m) => m.latencyMs.p99),
      p999: medianOf(items, (m) => m.latencyMs.p999),
      max: medianOf(items, (m) => m.latencyMs.max),
      serverCpuSeconds: medianOf(items, (m) => m.serverCpuSeconds) ?? 0,
      peakRssMiB: bytesToMebibytes(medianOf(items, (m) => m.peakRssBytes) ?? 0),
      errors: Object.values(errorKinds).reduce((sum, count) => sum + count, 0),
      errorKinds,
    };
  });

  return { rows, hasSeveralCells: new Set(rows.map((row) => row.cell)).size > 1 };
}
