import { describe, expect, it } from 'vitest';
import { formatDuration } from '@/lib/format';

describe('formatDuration', () => {
  it('gives seconds under a minute, then whole minutes, then hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(30)).toBe('30 s');
    expect(formatDuration(59.4)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(12 * 60 + 20)).toBe('12 min');
    expect(formatDuration(59 * 60 + 40)).toBe('1 h');
    expect(formatDuration(3 * 3600 + 10 * 60)).toBe('3 h 10 min');
    expect(formatDuration(50 * 3600 + 5 * 60)).toBe('50 h 5 min');
  });

  it('shows a dash for nothing, and never a negative time', () => {
    expect(formatDuration(undefined)).toBe('–');
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(Number.NaN)).toBe('–');
    expect(formatDuration(-5)).toBe('0 s');
  });
});
