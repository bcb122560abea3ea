import { bytesToMebibytes, formatMillis, formatNumber, formatPercent, formatRate } from '@/lib/format';
import type { LeaderboardEntry, LeaderboardStanding, MedianInterval } from '@/types/api-models';

/** `gsoap@2.8.124`, as the API names a stack and version in `leader` and `tiedWith`. */
export function entryKey(entry: { stack: string; version: string }): string {
  return `${entry.stack}@${entry.version}`;
}

/** Ranked stacks by band, the fastest band first; unranked ones after them in the API's order. */
export function inBandOrder(entries: LeaderboardEntry[]): LeaderboardEntry[] {
  const band = (entry: LeaderboardEntry) =>
    entry.ranked && typeof entry.band === 'number' ? entry.band : Number.POSITIVE_INFINITY;
  return [...entries].sort((a, b) => band(a) - band(b));
}

/**
 * `[5,800–6,100]` after a median; with fewer than 6 repetitions the interval covers the median with
 * less than 95 % probability, and says how much. One repetition has no interval.
 */
export function describeMedianInterval(
  interval: MedianInterval | null | undefined,
  format: (value: number) => string,
): string | undefined {
  if (!interval || interval.n < 2) return undefined;
  const bounds = `[${format(interval.low)}–${format(interval.high)}]`;
  return interval.approximate ? `${bounds}, ${formatPercent(interval.coverage)} coverage` : bounds;
}

export function describeThroughput(entry: LeaderboardEntry): { median: string; interval?: string } {
  return {
    median: formatRate(entry.throughput?.median),
    interval: describeMedianInterval(entry.throughput, formatRate),
  };
}

export function describeP99(entry: LeaderboardEntry): { median: string; interval?: string } {
  return {
    median: formatMillis(entry.p99Ms?.median),
    interval: describeMedianInterval(entry.p99Ms, (value) => formatMillis(value)),
  };
}

/** `1` or `1, tied with Apache CXF 4.2.3`: stacks of one band are not shown to differ. */
export function describeBand(entry: LeaderboardEntry, entries: LeaderboardEntry[]): string {
  if (!entry.ranked || typeof entry.band !== 'number') return '–';
  if (entry.tiedWith.length === 0) return String(entry.band);
  const names = entry.tiedWith.map((key) => {
    const other = entries.find((candidate) => entryKey(candidate) === key);
    return other ? `${other.displayName} ${other.version}` : key;
  });
  return `${entry.band}, tied with ${names.join(', ')}`;
}

/** The paired verdict against the leader in the backend's own sentence; the leader itself says so. */
export function describeAgainstLeader(
  entry: LeaderboardEntry,
  standing: LeaderboardStanding,
): { verdict: string; percent?: string } {
  if (standing.leader && entryKey(entry) === standing.leader) return { verdict: 'the leader' };
  const percent =
    typeof entry.percentOfLeader === 'number'
      ? `${formatNumber(entry.percentOfLeader, 1)} % of the leader`
      : undefined;
  return { verdict: entry.ratioToLeader?.text ?? '–', percent };
}

/** `2 of 2 repetitions · 600 requests`: what a stack's figures rest on. */
export function describeRestsOn(entry: LeaderboardEntry): string {
  const repetitions = `${formatNumber(entry.used)} of ${formatNumber(entry.repetitions)} ${entry.repetitions === 1 ? 'repetition' : 'repetitions'}`;
  if (typeof entry.requests !== 'number') return repetitions;
  return `${repetitions} · ${formatNumber(entry.requests)} ${entry.requests === 1 ? 'request' : 'requests'}`;
}

export function describePeakRss(entry: LeaderboardEntry): string {
  return typeof entry.peakRssBytes === 'number' ? formatNumber(bytesToMebibytes(entry.peakRssBytes), 1) : '–';
}

export function isMeasured(entry: LeaderboardEntry): boolean {
  return entry.status === 'done';
}

/** Why a stack was not measured: `not measured: build failed (…)`, however the reason is worded. */
export function describeNotMeasured(entry: LeaderboardEntry): string {
  const reason = entry.reason?.trim() || entry.status.replace(/_/g, ' ');
  return /^not measured\b/i.test(reason) ? reason : `not measured: ${reason}`;
}

/**
 * Why a measured stack is not ranked. Without enough data no stack is, for the one reason the
 * standing already gives; only a reason of the stack's own is repeated in its row.
 */
export function describeNotRanked(
  entry: LeaderboardEntry,
  standing: LeaderboardStanding,
): string | undefined {
  if (entry.ranked || !entry.reason) return undefined;
  if (entry.reason === standing.notEnoughData) return undefined;
  return `not ranked: ${entry.reason}`;
}

/**
 * Whether the standing may show bands and verdicts. The backend's `enoughData` decides, but as on
 * a run's page a lone stack has nothing to be compared with, and no comparison short of rounds may
 * look like a verdict, whatever the answer says.
 */
export function standingHasVerdicts(standing: LeaderboardStanding): boolean {
  const ranked = standing.entries.filter((entry) => isMeasured(entry) && entry.ranked);
  return (
    standing.enoughData &&
    ranked.length >= 2 &&
    ranked.every(
      (entry) =>
        entryKey(entry) === standing.leader ||
        (entry.ratioToLeader !== null &&
          entry.ratioToLeader !== undefined &&
          entry.ratioToLeader.verdict !== 'not-enough-data'),
    )
  );
}

/**
 * Why the standing has no verdict, in the backend's words: `not enough data for a verdict: 2 paired
 * rounds, at least 6 needed`, or `no verdict: one stack measured, nothing to compare it with`.
 */
export function describeNotEnoughData(standing: LeaderboardStanding): string {
  const reason = standing.notEnoughData?.trim();
  if (reason) return /^not enough data for a verdict/i.test(reason) ? reason : `no verdict: ${reason}`;
  if (standing.entries.filter((entry) => isMeasured(entry) && entry.ranked).length < 2)
    return 'no verdict: one stack on this board, nothing to compare it with';
  return 'not enough data for a verdict';
}
