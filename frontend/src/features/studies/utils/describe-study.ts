import { formatNumber } from '@/lib/format';
import type { PublishedRatio, RatioComparison, Study, StudySeed } from '@/types/api-models';

type StudyMethod = NonNullable<Study['matrix']['methods']>[number];

export function describeSeed(seed: StudySeed): string {
  return `${seed.author ? `${seed.author}, ` : ''}“${seed.title}” (${seed.year})`;
}

function formatRatio(value: number): string {
  return `×${formatNumber(value, 2)}`;
}

/** The article's figure as it gave it: a point, a range, or a bound. */
export function describePublishedRatio(published: PublishedRatio): string {
  const { ratio, min, max } = published;
  if (typeof ratio === 'number') return formatRatio(ratio);
  if (typeof min === 'number' && typeof max === 'number') return `${formatRatio(min)} to ${formatRatio(max)}`;
  if (typeof min === 'number') return `at least ${formatRatio(min)}`;
  if (typeof max === 'number') return `at most ${formatRatio(max)}`;
  return 'no figure';
}

export function describeOurRatio(comparison: RatioComparison): string {
  if (comparison.status === 'pending') return 'pending';
  if (comparison.status === 'missing' || typeof comparison.ours !== 'number') return 'missing';
  return formatRatio(comparison.ours);
}

export function describeScope(published: PublishedRatio, sizeLabel: (size: string) => string): string {
  return [
    published.size ? sizeLabel(published.size) : 'every size',
    published.security ?? 'every security mode',
    published.method ?? undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A method's warm-up as the worker sends it before every measurement: passes of each size's own
 * sequence, a count of requests, seconds, or none; undefined when the catalog's default applies.
 */
export function describeMethodWarmup(method: StudyMethod): string | undefined {
  if (typeof method.warmupSequences === 'number') {
    const passes = method.warmupSequences;
    return `${formatNumber(passes)} untimed pass${passes === 1 ? '' : 'es'} of the sequence before each measurement`;
  }
  const warmup = method.warmup as { requests?: unknown; seconds?: unknown } | undefined;
  if (!warmup) return undefined;
  const parts: string[] = [];
  if (typeof warmup.requests === 'number' && warmup.requests > 0)
    parts.push(`${formatNumber(warmup.requests)} requests`);
  if (typeof warmup.seconds === 'number' && warmup.seconds > 0)
    parts.push(`${formatNumber(warmup.seconds)} s`);
  if (parts.length === 0) return 'no warm-up of its own before each measurement';
  return `warm-up of ${parts.join(' and ')} before each measurement`;
}
