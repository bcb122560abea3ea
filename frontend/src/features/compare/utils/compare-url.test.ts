import { describe, expect, it } from 'vitest';
import { addRun, readCompareState, removeRun, runReference } from '@/features/compare/utils/compare-url';
import { compareHref } from '@/lib/compare-link';

describe('the comparison in the address', () => {
  it('reads the runs in order and a baseline that is one of them', () => {
    expect(
      readCompareState(new URLSearchParams('runs=aaaa111111, bbbb222222,,aaaa111111&baseline=bbbb222222')),
    ).toEqual({
      runs: ['aaaa111111', 'bbbb222222'],
      baseline: 'bbbb222222',
    });
    expect(readCompareState(new URLSearchParams('runs=aaaa111111&baseline=zzzz999999'))).toEqual({
      runs: ['aaaa111111'],
      baseline: undefined,
    });
    expect(readCompareState(new URLSearchParams(''))).toEqual({ runs: [], baseline: undefined });
  });

  it('writes the runs as a plain comma list, the baseline only when chosen', () => {
    expect(compareHref(['aaaa111111', 'bbbb222222'], 'aaaa111111')).toBe(
      '/compare?runs=aaaa111111,bbbb222222&baseline=aaaa111111',
    );
    expect(compareHref(['aaaa111111'])).toBe('/compare?runs=aaaa111111');
    expect(compareHref([])).toBe('/compare');
  });

  it('takes a run from an id, a slug or a link to it', () => {
    expect(runReference(' k3x9q2mZ0a ')).toBe('k3x9q2mZ0a');
    expect(runReference('https://soapbench.example/r/k3x9q2mZ0a')).toBe('k3x9q2mZ0a');
    expect(runReference('http://localhost:8080/runs/11111111-1111-1111-1111-111111111111?x=1')).toBe(
      '11111111-1111-1111-1111-111111111111',
    );
    expect(runReference('/api/v1/runs/k3x9q2mZ0a/histograms')).toBe('k3x9q2mZ0a');
    expect(runReference('https://soapbench.example/runs?page=2')).toBeNull();
    expect(runReference('not a run!')).toBeNull();
    expect(runReference('')).toBeNull();
  });

  it('adds a run unless it is there already or the comparison is full', () => {
    const two = { runs: ['aaaa111111', 'bbbb222222'] };
    expect(addRun(two, 'https://x/r/cccc333333')).toEqual({
      state: { runs: ['aaaa111111', 'bbbb222222', 'cccc333333'] },
    });
    expect(addRun(two, 'aaaa111111')).toEqual({ problem: 'Run aaaa111111 is compared already.' });
    expect(addRun(two, '???')).toEqual({ problem: '"???" is not a run id, share slug or link to a run.' });
    const five = { runs: ['a1a1a1a1', 'a2a2a2a2', 'a3a3a3a3', 'a4a4a4a4', 'a5a5a5a5'] };
    expect(addRun(five, 'a6a6a6a6')).toEqual({ problem: 'At most 5 runs can be compared at once.' });
  });

  it('removing the baseline makes the first remaining run the baseline', () => {
    expect(
      removeRun({ runs: ['aaaa111111', 'bbbb222222', 'cccc333333'], baseline: 'bbbb222222' }, 'bbbb222222'),
    ).toEqual({
      runs: ['aaaa111111', 'cccc333333'],
      baseline: undefined,
    });
    expect(removeRun({ runs: ['aaaa111111', 'bbbb222222'], baseline: 'bbbb222222' }, 'aaaa111111')).toEqual({
      runs: ['bbbb222222'],
      baseline: 'bbbb222222',
    });
  });
});
