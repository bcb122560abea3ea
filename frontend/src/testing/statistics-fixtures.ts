import { completedRunFixture, measurement } from '@/testing/fixtures';
import type { Comparison, Run, SummaryStack } from '@/types/api-models';

const latency = { min: 0.2, mean: 1, p50: 0.9, p90: 1.6, p99: 3.4, p999: 6.5, max: 9 };

function summaryStack(
  overrides: Partial<SummaryStack> & Pick<SummaryStack, 'stack' | 'version'>,
): SummaryStack {
  return {
    repetitions: 5,
    flagged: 0,
    used: 5,
    requests: 10000,
    throughput: { median: 12345, low: 11900, high: 12800, n: 5, coverage: 0.9375, approximate: true },
    coefficientOfVariation: 0.031,
    latencyMs: latency,
    serverCpuSecondsMedian: 2.5,
    peakRssBytesMax: 96 * 1024 * 1024,
    comparison: null,
    percentOfBest: null,
    ranked: true,
    rank: 1,
    tiedWith: [],
    ...overrides,
  };
}

const cell = { operation: 'echo', security: 'plain', connections: 25, requests: 2000, keepAlive: true };

const cxfTiedWithMetro: Comparison = {
  stack: 'cxf@4.2.3',
  against: 'metro@4.0.5',
  rounds: 7,
  ratio: 0.972,
  low: 0.941,
  high: 1.012,
  coverage: 0.953125,
  verdict: 'tied',
  factor: 1.03,
  text: 'cxf@4.2.3 and metro@4.0.5 are tied: ratio 0.97× (95 % CI 0.94–1.01×, 7 paired rounds), the difference is within the interval',
  roundRatios: [0.95, 0.97, 1.01, 0.96, 0.99, 0.97, 0.98],
  roundNumbers: [1, 2, 3, 4, 5, 6, 7],
};

const axis2SlowerThanMetro: Comparison = {
  stack: 'axis2@2.0.0',
  against: 'metro@4.0.5',
  rounds: 6,
  ratio: 0.405,
  low: 0.377,
  high: 0.433,
  coverage: 0.96875,
  verdict: 'slower',
  factor: 2.47,
  text: 'axis2@2.0.0 is slower than metro@4.0.5 by 2.47× (95 % CI 2.31–2.65×, 6 paired rounds)',
  roundRatios: [0.38, 0.4, 0.41, 0.43, 0.39, 0.42],
  roundNumbers: [1, 2, 4, 5, 6, 7],
};

/**
 * Seven rounds of four stacks. Metro, the fastest, is the reference; CXF is tied with it (band 1);
 * Axis2 had round 3 flagged for CPU steal, retried, and is slower (band 2); gSOAP has only flagged
 * repetitions and is not ranked.
 */
export const repeatedRunFixture: Run = {
  ...completedRunFixture,
  workload: { ...completedRunFixture.workload!, repetitions: 7 },
  stacks: [
    { id: 'metro', displayName: 'Metro', version: '4.0.5', status: 'done' },
    { id: 'cxf', displayName: 'Apache CXF', version: '4.2.3', status: 'done' },
    { id: 'axis2', displayName: 'Apache Axis2', version: '2.0.0', status: 'done' },
    { id: 'gsoap', displayName: 'gSOAP', version: '2.8.124', status: 'done' },
  ],
  measurements: [
    measurement({
      stack: 'axis2',
      version: '2.0.0',
      cell,
      repetition: 3,
      flags: ['steal'],
      retries: 2,
      stealPercent: 14,
    }),
    measurement({ stack: 'axis2', version: '2.0.0', cell, repetition: 4, errors: { timeout: 3 } }),
    measurement({
      stack: 'gsoap',
      version: '2.8.124',
      cell,
      repetition: 1,
      flags: ['errors'],
      errors: { wrong_response: 40 },
    }),
  ],
  summary: {
    method: 'order-statistic',
    confidence: 0.95,
    comparisonMethod: 'hodges-lehmann-wilcoxon',
    minRounds: 6,
    cells: [
      {
        key: {
          security: 'plain',
          operation: 'echo',
          model: 'closed',
          connections: 25,
          requests: 2000,
          keepAlive: true,
        },
        label: 'plain · echo · closed 25×2000 · keep-alive',
        reference: 'metro@4.0.5',
        referenceChosenBy: 'fastest',
        enoughData: true,
        notEnoughData: null,
        comparisons: [cxfTiedWithMetro, axis2SlowerThanMetro],
        metricComparisons: [],
        drift: {
          stack: 'metro@4.0.5',
          roundNumbers: [1, 2, 3, 4, 5, 6, 7],
          roundRates: [11900, 12100, 12345, 12800, 12500, 12200, 11950],
          spreadPercent: 7.3,
          text: "the reference's throughput moved by 7.3 % across 7 rounds; each verdict pairs stacks within a round, so drift that moves all stacks alike cancels out",
        },
        stacks: [
          summaryStack({
            stack: 'metro',
            version: '4.0.5',
            repetitions: 7,
            used: 7,
            requests: 14000,
            throughput: { median: 12345, low: 11900, high: 12800, n: 7, coverage: 0.984, approximate: false },
            percentOfBest: 100,
            tiedWith: ['cxf@4.2.3'],
          }),
          summaryStack({
            stack: 'cxf',
            version: '4.2.3',
            repetitions: 7,
            used: 7,
            requests: 14000,
            throughput: { median: 12010, low: 11500, high: 12400, n: 7, coverage: 0.984, approximate: false },
            comparison: cxfTiedWithMetro,
            percentOfBest: 97.2,
            tiedWith: ['metro@4.0.5'],
          }),
          summaryStack({
            stack: 'axis2',
            version: '2.0.0',
            repetitions: 7,
            flagged: 1,
            flags: { steal: 1 },
            used: 6,
            requests: 12000,
            throughput: { median: 5020, low: 4800, high: 5300, n: 6, coverage: 0.969, approximate: false },
            coefficientOfVariation: 0.052,
            comparison: axis2SlowerThanMetro,
            percentOfBest: 40.5,
            rank: 2,
          }),
          summaryStack({
            stack: 'gsoap',
            version: '2.8.124',
            repetitions: 2,
            flagged: 2,
            flags: { errors: 2 },
            used: 2,
            requests: 4000,
            throughput: { median: 30100, low: 29000, high: 31200, n: 2, coverage: 0.5, approximate: true },
            ranked: false,
            rank: null,
            reason: 'every repetition is flagged',
          }),
        ],
      },
    ],
  },
};

const [echoCell] = completedRunFixture.summary!.cells;

/** A capacity run: gSOAP held 8,000 req/s within a 20 ms p99 objective, found in four steps. */
export const capacityRunFixture: Run = {
  ...completedRunFixture,
  workload: {
    ...completedRunFixture.workload!,
    load: { model: 'capacity', maxConnections: 64 },
    slo: { p99Ms: 20 },
  },
  measurements: [
    measurement({
      capacity: {
        rate: 8000,
        p99Ms: 12,
        steps: [
          { rate: 2000, p99Ms: 1.1, ok: true },
          { rate: 4000, p99Ms: 2.5, ok: true },
          { rate: 8000, p99Ms: 12, ok: true },
          { rate: 16000, p99Ms: 250, ok: false },
        ],
      },
    }),
  ],
  summary: {
    ...completedRunFixture.summary!,
    cells: [
      {
        ...echoCell,
        key: { ...echoCell.key, model: 'capacity' },
        stacks: [{ ...echoCell.stacks[0], capacity: { rateMedian: 8000, rates: [7900, 8000, 8100] } }],
      },
    ],
  },
};
