import { formatNumber, formatPercent, formatRate } from '@/lib/format';
import type { StackFigures } from '@/features/runs/utils/run-statistics';
import type { MedianInterval } from '@/types/api-models';

/** `[11,900–12,800]` after the median; a single repetition has no interval, and a thin one says so. */
export function describeThroughputInterval(throughput: MedianInterval | undefined): string | undefined {
  if (!throughput || throughput.n < 2) return undefined;
  const interval = `[${formatRate(throughput.low)}–${formatRate(throughput.high)}]`;
  return throughput.approximate ? `${interval} approx.` : interval;
}

export function describeInterval(throughput: MedianInterval | undefined): string | undefined {
  if (!throughput) return undefined;
  if (throughput.n < 2) return 'One repetition: no confidence interval.';
  if (throughput.n < 3) return `Range of ${throughput.n} repetitions; too few for a confidence interval.`;
  if (throughput.approximate)
    return `Range of ${throughput.n} repetitions; it covers the median with ${formatPercent(throughput.coverage, 0)} probability, less than 95 %.`;
  return `95 % confidence interval of the median over ${throughput.n} repetitions.`;
}

export function describeRank(figures: StackFigures): string {
  if (!figures.ranked) return figures.reason ? `not ranked: ${figures.reason}` : 'not ranked';
  if (figures.rank === null || figures.rank === undefined) return '–';
  if (figures.tiedWith.length === 0) return String(figures.rank);
  return `${figures.rank}, tied with ${figures.tiedWith.join(', ')}`;
}

export function describeRepetitions(figures: StackFigures): string {
  const parts: string[] = [];
  const flags = Object.entries(figures.flagCounts).filter(([, count]) => count > 0);
  if (figures.flagged > 0) {
    const reasons = flags.map(([flag, count]) => (count > 1 ? `${flag} ×${count}` : flag)).join(', ');
    parts.push(`${figures.flagged} flagged${reasons ? `: ${reasons}` : ''}`);
  }
  if (figures.retries > 0) parts.push(`${figures.retries} ${figures.retries === 1 ? 'retry' : 'retries'}`);
  const count = formatNumber(figures.repetitions);
  return parts.length ? `${count} (${parts.join('; ')})` : count;
}
