import { formatNumber, formatPercent, formatRate } from '@/lib/format';
import type { StackFigures } from '@/features/runs/utils/run-statistics';
import type { MedianInterval } from '@/types/api-models';

/**
 * `[11,900–12,800]` after the median; a single repetition has no interval, and one that covers the
 * median with less than 95 % probability gives its real coverage.
 */
export function describeThroughputInterval(throughput: MedianInterval | undefined): string | undefined {
  if (!throughput || throughput.n < 2) return undefined;
  const interval = `[${formatRate(throughput.low)}–${formatRate(throughput.high)}]`;
  return throughput.coverage < 0.95 ? `${interval} ${formatPercent(throughput.coverage)} coverage` : interval;
}

export function describeInterval(throughput: MedianInterval | undefined): string | undefined {
  if (!throughput) return undefined;
  if (throughput.n < 2) return 'One repetition: no confidence interval.';
  if (throughput.coverage < 0.95)
    return `Range of ${throughput.n} repetitions; it covers the median with ${formatPercent(throughput.coverage)} probability, less than 95 %.`;
  return `95 % confidence interval of the median over ${throughput.n} repetitions.`;
}

/** `1, tied with Apache CXF`: the band, and who shares it; stacks of one band are not ordered. */
export function describeBand(figures: StackFigures): string {
  if (!figures.ranked) return figures.reason ? `no band: ${figures.reason}` : 'no band';
  if (figures.band === null || figures.band === undefined) return '–';
  if (figures.tiedWith.length === 0) return String(figures.band);
  return `${figures.band}, tied with ${figures.tiedWith.join(', ')}`;
}

const ratio = (value: number) => `${formatNumber(value, 2)}×`;

/** `0.41×` and `[0.38–0.43]`: the Hodges-Lehmann ratio against the reference and its 95 % interval. */
export function describeRatio(figures: StackFigures): { ratio: string; interval?: string } {
  if (figures.isReference) return { ratio: 'reference' };
  const comparison = figures.comparison;
  if (!comparison || typeof comparison.ratio !== 'number') return { ratio: '–' };
  const bounds =
    typeof comparison.low === 'number' && typeof comparison.high === 'number'
      ? `[${formatNumber(comparison.low, 2)}–${formatNumber(comparison.high, 2)}]`
      : undefined;
  return { ratio: ratio(comparison.ratio), interval: bounds };
}

/**
 * `40.5 %` and `[37.7–43.3]`. The backend gives % of best only when the reference is the fastest
 * stack, so it is 100 × the ratio against the reference and carries that ratio's interval.
 */
export function describePercentOfBest(figures: StackFigures): { percent: string; interval?: string } {
  if (figures.percentOfBest === null || figures.percentOfBest === undefined) return { percent: '–' };
  const percent = `${formatNumber(figures.percentOfBest, 1)} %`;
  const comparison = figures.comparison;
  if (figures.isReference || typeof comparison?.low !== 'number' || typeof comparison.high !== 'number')
    return { percent };
  return {
    percent,
    interval: `[${formatNumber(comparison.low * 100, 1)}–${formatNumber(comparison.high * 100, 1)}]`,
  };
}

/** `6 rounds · 12,000 requests`: what a stack's figures rest on. */
export function describeBasis(figures: StackFigures): string {
  const rounds = `${formatNumber(figures.used)} ${figures.used === 1 ? 'round' : 'rounds'}`;
  if (typeof figures.requests !== 'number') return rounds;
  return `${rounds} · ${formatNumber(figures.requests)} ${figures.requests === 1 ? 'request' : 'requests'}`;
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
