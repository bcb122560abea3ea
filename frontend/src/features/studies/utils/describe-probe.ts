import type { ProbeFinding } from '@/types/api-models';

type BadgeTone = 'good' | 'warning' | 'muted' | 'neutral';

const labels: Record<ProbeFinding['accounts'], { text: string; tone: BadgeTone }> = {
  accounts: { text: 'accounts for it', tone: 'good' },
  part: { text: 'part of it', tone: 'warning' },
  no: { text: 'not the cause', tone: 'neutral' },
  unknown: { text: 'not measured yet', tone: 'muted' },
};

/** What a probe's finding says of the claim, as a badge: "accounts for it", "part of it", … */
export function probeFindingLabel(accounts: ProbeFinding['accounts']): { text: string; tone: BadgeTone } {
  return labels[accounts];
}

/** The claims that have at least one probe finding, with their index in the study run's list. */
export function claimsWithProbes<T extends { probes?: ProbeFinding[] }>(comparisons: T[]): [number, T][] {
  return comparisons
    .map((comparison, index) => [index, comparison] as [number, T])
    .filter(([, comparison]) => (comparison.probes ?? []).length > 0);
}
