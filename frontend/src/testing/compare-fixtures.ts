import type { CompareFigures, LatencyCurve, RunComparison } from '@/types/api-models';

const runA = '11111111-1111-1111-1111-111111111111';
const runB = '22222222-2222-2222-2222-222222222222';

const percentiles = [50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99];

function curve(run: string, slug: string, stack: string, base: number): LatencyCurve {
  return {
    run,
    slug,
    stack,
    count: 800,
    points: percentiles.map((percentile, index) => ({ percentile, ms: base * (1 + index / 4) })),
    maxMs: base * 4,
  };
}

function figures(
  run: string,
  slug: string,
  median: number,
  extra: Partial<CompareFigures> = {},
): CompareFigures {
  return {
    run,
    slug,
    measured: true,
    repetitions: 8,
    flagged: 0,
    used: 8,
    throughput: {
      median,
      low: median * 0.97,
      high: median * 1.02,
      n: 8,
      coverage: 0.9922,
      approximate: false,
      best: median * 1.03,
      worst: median * 0.95,
    },
    latencyMs: { min: 0.5, mean: 2, p50: 1.9, p90: 2.6, p99: 3.4, p999: 5, max: 9 },
    serverCpuSecondsMedian: 1.25,
    peakRssBytesMax: 52_428_800,
    ratio: null,
    reason: null,
    ...extra,
  };
}

/** Two completed echo runs: gSOAP twice as fast in run B, CXF tied, on machines with different kernels. */
export const comparisonFixture: RunComparison = {
  baseline: runA,
  method: 'hodges-lehmann-mann-whitney-between-runs',
  confidence: 0.95,
  betweenRunTau: 0.037,
  minRepetitions: 4,
  runs: [
    {
      id: runA,
      slug: 'aaaa111111',
      status: 'completed',
      complete: true,
      baseline: true,
      createdAt: '2026-11-26T10:00:00Z',
      finishedAt: '2026-11-26T10:02:00Z',
      source: 'catalog:echo',
      hardwareClass: 'local',
      workerId: 'w-1',
      machine: 'Test CPU, 2 cores, 4 GiB, kernel 6.1.0',
    },
    {
      id: runB,
      slug: 'bbbb222222',
      status: 'completed',
      complete: true,
      baseline: false,
      createdAt: '2026-11-26T11:00:00Z',
      finishedAt: '2026-11-26T11:02:00Z',
      source: 'catalog:echo',
      hardwareClass: 'local',
      workerId: 'w-1',
      machine: 'Test CPU, 2 cores, 4 GiB, kernel 6.12.0',
    },
  ],
  warnings: [
    {
      kind: 'machine',
      field: 'kernel',
      text: "The runs' machines differ in kernel: 6.1.0 in aaaa111111, 6.12.0 in bbbb222222.",
      values: [
        { run: runA, slug: 'aaaa111111', value: '6.1.0' },
        { run: runB, slug: 'bbbb222222', value: '6.12.0' },
      ],
    },
  ],
  cells: [
    {
      key: {
        security: 'plain',
        operation: 'echo',
        model: 'closed',
        connections: 25,
        requests: 2000,
        keepAlive: true,
        driver: 'neutral',
      },
      label: 'plain · echo · closed 25×2000 · keep-alive · neutral driver',
      stacks: [
        {
          stack: 'gsoap@2.8.124',
          id: 'gsoap',
          version: '2.8.124',
          displayName: 'gSOAP',
          runs: [
            figures(runA, 'aaaa111111', 6000),
            figures(runB, 'bbbb222222', 12000, {
              ratio: {
                stack: 'gsoap@2.8.124',
                against: 'gsoap@2.8.124',
                ratio: 2.0,
                low: 1.79,
                high: 2.24,
                repetitionsLow: 1.95,
                repetitionsHigh: 2.05,
                coverage: 0.9501,
                repetitions: 8,
                baselineRepetitions: 8,
                verdict: 'faster',
                significant: true,
                text: 'gsoap@2.8.124 in run bbbb222222 is faster than gsoap@2.8.124 in baseline run aaaa111111 by 2.00× (95 % CI 1.79–2.24×, 8 and 8 repetitions, between-run variation included)',
              },
            }),
          ],
        },
        {
          stack: 'cxf@4.2.3',
          id: 'cxf',
          version: '4.2.3',
          displayName: 'Apache CXF',
          runs: [
            figures(runA, 'aaaa111111', 2500),
            figures(runB, 'bbbb222222', 2600, {
              ratio: {
                stack: 'cxf@4.2.3',
                against: 'cxf@4.2.3',
                ratio: 1.04,
                low: 0.92,
                high: 1.17,
                repetitionsLow: 1.01,
                repetitionsHigh: 1.07,
                coverage: 0.9501,
                repetitions: 8,
                baselineRepetitions: 8,
                verdict: 'tied',
                significant: false,
                text: 'cxf@4.2.3 in run bbbb222222 and cxf@4.2.3 in baseline run aaaa111111 are tied: ratio 1.04× (95 % CI 0.92–1.17×, 8 and 8 repetitions, between-run variation included), the difference is within the interval',
              },
            }),
          ],
        },
      ],
      curves: [
        curve(runA, 'aaaa111111', 'gsoap@2.8.124', 2),
        curve(runA, 'aaaa111111', 'cxf@4.2.3', 8),
        curve(runB, 'bbbb222222', 'gsoap@2.8.124', 1),
        curve(runB, 'bbbb222222', 'cxf@4.2.3', 7.5),
      ],
    },
  ],
};
