import { formatMillis, formatNumber } from '@/lib/format';
import type { InteropCell } from '@/types/api-models';

/** The first words of a failure's text, for the cell; the whole text stays one click away. */
export const shortReasonChars = 80;

export function shortReason(reason: string): string {
  const oneLine = reason.replace(/\s+/g, ' ').trim();
  return oneLine.length <= shortReasonChars ? oneLine : `${oneLine.slice(0, shortReasonChars - 1)}…`;
}

/** A ratio as the cost reads it: two significant digits, `x0.43`, `x3.3`, `x12`. */
export function formatRatio(ratio: number): string {
  return `x${ratio >= 10 ? ratio.toFixed(0) : ratio.toPrecision(2)}`;
}

/** "x0.43 throughput, x3.3 p99": a passed secured cell against the same pair in plain. */
export function describeCost(cell: InteropCell): string | undefined {
  const parts: string[] = [];
  if (cell.cost?.throughputRatio != null) parts.push(`${formatRatio(cell.cost.throughputRatio)} throughput`);
  if (cell.cost?.p99Ratio != null) parts.push(`${formatRatio(cell.cost.p99Ratio)} p99`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** "812 req/s · p99 3.90 ms": a passed cell's figures. */
export function describeFigures(cell: InteropCell): string {
  return `${formatNumber(cell.throughputRps)} req/s · p99 ${formatMillis(cell.p99Ms)} ms`;
}
