import type { StackFigures } from '@/features/runs/utils/run-statistics';
import { median } from '@/lib/format';
import type { Latency, Measurement } from '@/types/api-models';

/** One operation's share of a stack's used repetitions. */
export type OperationFigures = {
  operation: string;
  // Summed over the used repetitions.
  requests: number;
  errors: number;
  // The median over the used repetitions of each repetition's percentile.
  p50?: number;
  p90?: number;
  p99?: number;
};

export type StackOperations = {
  key: string;
  label: string;
  // How many repetitions the figures rest on.
  used: number;
  operations: OperationFigures[];
};

/**
 * The repetitions a stack's figures rest on, as the summary chooses them: the unflagged ones, or
 * every one when all are flagged (the stack is then not ranked).
 */
export function usedMeasurements(measurements: Measurement[]): Measurement[] {
  const unflagged = measurements.filter((m) => !m.flags?.length);
  return unflagged.length ? unflagged : measurements;
}

function medianOf(values: (number | undefined)[]): number | undefined {
  const present = values.filter((value): value is number => typeof value === 'number');
  return present.length ? median(present) : undefined;
}

const countErrors = (errors: Record<string, number> | undefined) =>
  Object.values(errors ?? {}).reduce((sum, count) => sum + count, 0);

/**
 * Per operation, for a stack whose measurements cycled through several: requests and errors summed,
 * latency as the median of each repetition's percentile (a percentile of the merged answers would need
 * the histograms, which only the whole measurement carries). Undefined when no used repetition has any.
 */
export function stackOperations(row: Pick<StackFigures, 'key' | 'label' | 'measurements'>) {
  const used = usedMeasurements(row.measurements).filter((m) => m.operations?.length);
  if (used.length === 0) return undefined;
  const names = [...new Set(used.flatMap((m) => (m.operations ?? []).map((share) => share.operation)))];
  const operations = names.map((operation): OperationFigures => {
    const shares = used.flatMap((m) => (m.operations ?? []).filter((share) => share.operation === operation));
    const latency = (pick: (l: Latency) => number | undefined) =>
      medianOf(shares.map((s) => pick(s.latencyMs)));
    return {
      operation,
      requests: shares.reduce((sum, share) => sum + share.requests, 0),
      errors: shares.reduce((sum, share) => sum + countErrors(share.errors), 0),
      p50: latency((l) => l.p50),
      p90: latency((l) => l.p90),
      p99: latency((l) => l.p99),
    };
  });
  return { key: row.key, label: row.label, used: used.length, operations } satisfies StackOperations;
}
