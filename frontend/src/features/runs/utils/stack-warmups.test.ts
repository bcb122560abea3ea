import { describe, expect, it } from 'vitest';
import { describeAskedWarmup, stackWarmups } from '@/features/runs/utils/stack-warmups';
import { completedRunFixture, measurement, warmedUpRunFixture } from '@/testing/fixtures';
import type { Run, Warmup } from '@/types/api-models';

describe('stack warm-ups', () => {
  it("gives a JVM stack's long first warm-up and the shorter one before each later round", () => {
    expect(stackWarmups(warmedUpRunFixture)).toEqual([
      { key: 'gsoap@2.8.124/plain', label: 'gSOAP 2.8.124', text: '500 requests before each round' },
      {
        key: 'cxf@4.2.3/plain',
        label: 'Apache CXF 4.2.3',
        text: '80.2 s, 304,403 requests before the first round (steady); 500 requests before each later one',
      },
    ]);
  });

  it('says so when the throughput was still climbing at the end of the first warm-up', () => {
    const climbing: Warmup = {
      requests: 900_000,
      seconds: 180,
      windowRates: [2000, 2600, 3100],
      steady: false,
    };
    const run: Run = {
      ...completedRunFixture,
      measurements: [
        measurement({ stack: 'cxf', version: '4.2.3', repetition: 1, warmup: climbing }),
        measurement({
          stack: 'cxf',
          version: '4.2.3',
          repetition: 2,
          warmup: { requests: 500, seconds: 0.4 },
        }),
        measurement({
          stack: 'cxf',
          version: '4.2.3',
          repetition: 3,
          warmup: { requests: 520, seconds: 0.4 },
        }),
      ],
    };
    expect(stackWarmups(run).map((stack) => stack.text)).toEqual([
      '180.0 s, 900,000 requests before the first round (throughput still climbing when the warm-up reached its limit); 500–520 requests before each later one',
    ]);
  });

  it('takes each security mode as its own target, warmed up afresh, and names it', () => {
    const username = { ...completedRunFixture.measurements[0].cell, security: 'username' };
    const run: Run = {
      ...completedRunFixture,
      measurements: [
        measurement({ repetition: 1, warmup: { requests: 500, seconds: 0.1 } }),
        measurement({ repetition: 1, cell: username, warmup: { requests: 500, seconds: 0.2 } }),
      ],
    };
    expect(stackWarmups(run)).toEqual([
      {
        key: 'gsoap@2.8.124/plain',
        label: 'gSOAP 2.8.124 · plain',
        text: '0.1 s, 500 requests before the first round',
      },
      {
        key: 'gsoap@2.8.124/username',
        label: 'gSOAP 2.8.124 · username',
        text: '0.2 s, 500 requests before the first round',
      },
    ]);
  });

  it('has nothing to say for measurements that carry no warm-up', () => {
    expect(stackWarmups(completedRunFixture)).toEqual([]);
  });

  it('words what the workload asked for', () => {
    expect(describeAskedWarmup({ requests: 500 })).toBe('500 requests before each measurement');
    expect(describeAskedWarmup({ requests: 500, seconds: 10 })).toBe(
      '500 requests, then 10 s before each measurement',
    );
    expect(describeAskedWarmup({ requests: 0 })).toBe('none');
    expect(describeAskedWarmup(undefined)).toBeUndefined();
    expect(describeAskedWarmup({ requests: 0, cold: true })).toBe(
      'a cold start: the server started again before each measurement, no JIT warm-up; none',
    );
  });

  it('gives a cold stack the time of each fresh start instead of a warm-up', () => {
    const cold = (repetition: number, startupSeconds: number) =>
      measurement({
        stack: 'cxf',
        version: '4.2.3',
        repetition,
        startupSeconds,
        warmup: { requests: 0, seconds: 0, cold: true },
      });
    const run: Run = { ...completedRunFixture, measurements: [cold(1, 4.1), cold(2, 6.3), cold(3, 5)] };

    expect(stackWarmups(run)).toEqual([
      {
        key: 'cxf@4.2.3/plain',
        label: 'Apache CXF 4.2.3',
        text: 'a fresh start before each of 3 rounds (4.1–6.3 s each), nothing sent before the measured requests',
      },
    ]);
  });
});
