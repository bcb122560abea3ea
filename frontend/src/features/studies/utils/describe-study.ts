import { formatNumber } from '@/lib/format';
import type { PublishedRatio, RatioComparison, StudySeed } from '@/types/api-models';

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
