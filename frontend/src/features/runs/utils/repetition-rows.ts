import type { CellFigures } from '@/features/runs/utils/run-statistics';
import type { Measurement } from '@/types/api-models';

/** One round of a cell: each stack's measurement in it (if any) and the order the round took. */
export type RepetitionRow = {
  round: number;
  // By stack key, in the order of the cell's stacks.
  measurements: (Measurement | undefined)[];
  // Labels of the stacks in the order the round measured them.
  order: string[];
};

/**
 * Every round of a cell, oldest first. The round's order comes from any of its measurements (each
 * carries the whole round's), its `stack@version/security` entries named as the tables name stacks.
 */
export function repetitionRows(cell: CellFigures): RepetitionRow[] {
  const labels = new Map([
    ...cell.stacks.map((row) => [row.key, row.label] as const),
    ...cell.notMeasured.map((stack) => [stack.key, stack.label] as const),
  ]);
  const rounds = [...new Set(cell.stacks.flatMap((row) => row.measurements.map((m) => m.repetition)))].sort(
    (a, b) => a - b,
  );
  return rounds.map((round) => {
    const measurements = cell.stacks.map((row) => row.measurements.find((m) => m.repetition === round));
    const roundOrder = measurements.find((m) => m?.roundOrder?.length)?.roundOrder ?? [];
    return {
      round,
      measurements,
      order: roundOrder.map((entry) => {
        // `stack@version/security`: the security mode is the cell's own, so the stack is what names it.
        const slash = entry.lastIndexOf('/');
        const key = slash < 0 ? entry : entry.slice(0, slash);
        return labels.get(key) ?? key;
      }),
    };
  });
}
