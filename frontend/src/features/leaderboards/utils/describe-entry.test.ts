import { describe, expect, it } from 'vitest';
import {
  describeMedianInterval,
  describeNotEnoughData,
  describeNotMeasured,
  inBandOrder,
  standingHasVerdicts,
} from '@/features/leaderboards/utils/describe-entry';
import { loneStackBoardFixture, rankedBoardFixture } from '@/testing/leaderboard-fixtures';
import type { LeaderboardEntry, LeaderboardStanding } from '@/types/api-models';

const standing = rankedBoardFixture.standing as LeaderboardStanding;
const axis2 = standing.entries.find((entry) => entry.stack === 'axis2') as LeaderboardEntry;

describe('leaderboard entries', () => {
  it('orders ranked stacks by band and keeps the unranked after them in the answer’s order', () => {
    expect(inBandOrder(standing.entries).map((entry) => entry.stack)).toEqual([
      'gsoap',
      'metro',
      'cxf',
      'spyne',
      'axis2',
    ]);
  });

  it('says why a stack was not measured, however the reason is worded', () => {
    expect(describeNotMeasured(axis2)).toBe('not measured: build failed (wsdl2java: unsupported binding)');
    expect(describeNotMeasured({ ...axis2, reason: 'wsdl2java: unsupported binding' })).toBe(
      'not measured: wsdl2java: unsupported binding',
    );
    expect(describeNotMeasured({ ...axis2, status: 'verify_failed', reason: null })).toBe(
      'not measured: verify failed',
    );
  });

  it('gives the real coverage of an interval below 95 %, and no interval for one repetition', () => {
    const format = (value: number) => String(value);
    const interval = { median: 10, low: 9, high: 11, n: 4, coverage: 0.875, approximate: true };
    expect(describeMedianInterval(interval, format)).toBe('[9–11], 87.5 % coverage');
    expect(describeMedianInterval({ ...interval, n: 7, coverage: 0.984, approximate: false }, format)).toBe(
      '[9–11]',
    );
    expect(describeMedianInterval({ ...interval, n: 1 }, format)).toBeUndefined();
  });

  it('never says "not enough data for a verdict" twice', () => {
    const without = { ...standing, enoughData: false };
    expect(
      describeNotEnoughData({ ...without, notEnoughData: 'not enough data for a verdict: 2 paired rounds' }),
    ).toBe('not enough data for a verdict: 2 paired rounds');
    expect(
      describeNotEnoughData({ ...without, notEnoughData: 'one stack measured, nothing to compare it with' }),
    ).toBe('no verdict: one stack measured, nothing to compare it with');
    expect(describeNotEnoughData({ ...without, notEnoughData: null })).toBe('not enough data for a verdict');
  });

  it('gives verdicts only with enough data and at least two ranked stacks, as a run page does', () => {
    expect(standingHasVerdicts(standing)).toBe(true);
    expect(standingHasVerdicts({ ...standing, enoughData: false })).toBe(false);
    // The answer may call a lone stack ranked: there is nothing it was compared with.
    const lone = loneStackBoardFixture.standing as LeaderboardStanding;
    expect(lone.enoughData).toBe(true);
    expect(standingHasVerdicts(lone)).toBe(false);
    expect(describeNotEnoughData(lone)).toBe(
      'no verdict: one stack on this board, nothing to compare it with',
    );
    const shortOfRounds = standing.entries.map((entry) =>
      entry.ratioToLeader
        ? { ...entry, ratioToLeader: { ...entry.ratioToLeader, verdict: 'not-enough-data' as const } }
        : entry,
    );
    expect(standingHasVerdicts({ ...standing, entries: shortOfRounds })).toBe(false);
  });
});
