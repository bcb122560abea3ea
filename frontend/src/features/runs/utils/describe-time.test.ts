import { describe, expect, it } from 'vitest';
import { describeWait, formatElapsed, secondsSince } from '@/features/runs/utils/describe-time';

describe('time in words', () => {
  it('counts elapsed time to the second, two digits after the first unit', () => {
    expect(formatElapsed(0)).toBe('0 s');
    expect(formatElapsed(59.9)).toBe('59 s');
    expect(formatElapsed(185)).toBe('3 min 05 s');
    expect(formatElapsed(3600 + 2 * 60 + 5)).toBe('1 h 02 min 05 s');
    expect(formatElapsed(-4)).toBe('0 s');
  });

  it('gives estimates no more precisely than they are', () => {
    expect(describeWait(12)).toBe('about 10 s');
    expect(describeWait(840)).toBe('about 14 min');
  });

  it('measures from an ISO time, and not at all without one', () => {
    expect(secondsSince('2026-11-20T10:00:00Z', Date.parse('2026-11-20T10:01:30Z'))).toBe(90);
    expect(secondsSince(null, Date.now())).toBeUndefined();
    expect(secondsSince('not a time', Date.now())).toBeUndefined();
  });
});
