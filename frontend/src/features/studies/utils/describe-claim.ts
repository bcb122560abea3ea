import { bytesToMebibytes, formatNumber } from '@/lib/format';
import type { components } from '@/types/api';
import type { BadgeTone } from '@/components/ui/status-badge';
import type { RatioComparison } from '@/types/api-models';

export type ClaimVerdict = components['schemas']['ClaimVerdict'];
export type ClaimCellVerdict = components['schemas']['ClaimCellVerdict'];
export type ClaimInterval = components['schemas']['ClaimInterval'];

function times(value: number): string {
  return `${formatNumber(value, 2)}×`;
}

function rounds(count: number): string {
  return `${count} round${count === 1 ? '' : 's'}`;
}

/** "1.52× (95 % CI 1.40–1.66×, 6 rounds)" */
export function describeInterval({
  ratio,
  low,
  high,
  rounds: count,
}: Pick<ClaimInterval, 'ratio' | 'low' | 'high' | 'rounds'>): string {
  return `${times(ratio)} (95 % CI ${formatNumber(low, 2)}–${times(high)}, ${rounds(count)})`;
}

/** Our figure for one cell of a claim: its interval, or why there is none. */
export function describeCellOurs(cell: ClaimCellVerdict): string {
  if (
    typeof cell.ratio === 'number' &&
    typeof cell.low === 'number' &&
    typeof cell.high === 'number' &&
    typeof cell.rounds === 'number'
  ) {
    return describeInterval({ ratio: cell.ratio, low: cell.low, high: cell.high, rounds: cell.rounds });
  }
  return cell.notEnoughData ? 'not enough data' : 'not measured';
}

/** The words a verdict is shown with; "not enough data" is no verdict, and says so. */
export function verdictLabel(verdict: ClaimVerdict, notEnoughData: boolean): string {
  if (notEnoughData) return 'not enough data';
  return verdict.replace('-', ' ');
}

const tones: Record<ClaimVerdict, BadgeTone> = {
  reproduced: 'good',
  'not-reproduced': 'warning',
  reversed: 'bad',
  'not-measurable': 'muted',
};

export function verdictTone(verdict: ClaimVerdict): BadgeTone {
  return tones[verdict];
}

/** The claim's range as we read it, when the article's point ratio was widened for its wording. */
export function describeClaimReading(comparison: RatioComparison): string | undefined {
  return comparison.claim?.widened ? `read as ${comparison.claim.text}` : undefined;
}

/**
 * What tells a claim's cells apart: the parts of the cell id that differ between them (the sizes
 * of a claim over every size, the security modes of one over every mode), else the whole id.
 */
export function cellLabels(cells: ClaimCellVerdict[], sizeLabel: (size: string) => string): string[] {
  const varies = (pick: (cell: ClaimCellVerdict) => string) => new Set(cells.map(pick)).size > 1;
  const parts: ((cell: ClaimCellVerdict) => string)[] = [];
  if (varies((cell) => cell.size)) parts.push((cell) => sizeLabel(cell.size));
  if (varies((cell) => cell.security)) parts.push((cell) => cell.security);
  if (varies((cell) => String(cell.concurrency))) parts.push((cell) => `${cell.concurrency} connections`);
  if (varies((cell) => cell.method)) parts.push((cell) => cell.method);
  return cells.map((cell) => (parts.length ? parts.map((part) => part(cell)).join(' · ') : cell.cell));
}

/** CPU seconds per request in milliseconds, with the decimals a small figure needs. */
export function formatCpuPerRequest(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  const ms = seconds * 1000;
  return formatNumber(ms, ms < 1 ? 3 : ms < 10 ? 2 : 1);
}

export function formatMebibytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '–';
  const mib = bytesToMebibytes(bytes);
  return formatNumber(mib, mib < 100 ? 1 : 0);
}
