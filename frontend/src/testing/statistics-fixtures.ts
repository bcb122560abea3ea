import { completedRunFixture, measurement } from '@/testing/fixtures';
import type { Run, SummaryStack } from '@/types/api-models';

const latency = { min: 0.2, mean: 1, p50: 0.9, p90: 1.6, p99: 3.4, p999: 6.5, max: 9 };

function summaryStack(
  overrides: Partial<SummaryStack> & Pick<SummaryStack, 'stack' | 'version'>,
): SummaryStack {
  return {
    repetitions: 5,
    flagged: 0,
    used: 5,
    throughput: { median: 12345, low: 11900, high: 12800, n: 5, coverage: 0.9375, approximate: true },
    coefficientOfVariation: 0.031,
    latencyMs: latency,
    serverCpuSecondsMedian: 2.5,
    peakRssBytesMax: 96 * 1024 * 1024,
    ranked: true,
    rank: 1,
    tiedWith: [],
    ...overrides,
  };
}

const cell = { operation: 'echo', security: 'plain', connections: 25, requests: 2000, keepAlive: true };

/**
 * Seven repetitions of three stacks: Metro and CXF overlap (tied for first), Axis2 had one repetition
 * flagged for CPU steal and was retried, and gSOAP has only flagged repetitions and is not ranked.
 */
export const repeatedRunFixture: Run = {
  ...completedRunFixture,
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
        stacks: [
          summaryStack({
            stack: 'metro',
            version: '4.0.5',
            repetitions: 7,
            used: 7,
            throughput: { median: 12345, low: 11900, high: 12800, n: 7, coverage: 0.984, approximate: false },
            tiedWith: ['cxf@4.2.3'],
          }),
          summaryStack({
            stack: 'cxf',
            version: '4.2.3',
            repetitions: 7,
            used: 7,
            throughput: { median: 12010, low: 11500, high: 12400, n: 7, coverage: 0.984, approximate: false },
            tiedWith: ['metro@4.0.5'],
          }),
          summaryStack({
            stack: 'axis2',
            version: '2.0.0',
            repetitions: 7,
            flagged: 1,
            flags: { steal: 1 },
            used: 6,
            throughput: { median: 5020, low: 4800, high: 5300, n: 6, coverage: 0.969, approximate: false },
            coefficientOfVariation: 0.052,
            rank: 3,
          }),
          summaryStack({
            stack: 'gsoap',
            version: '2.8.124',
            repetitions: 2,
            flagged: 2,
            flags: { errors: 2 },
            used: 2,
            throughput: { median: 30100, low: 29000, high: 31200, n: 2, coverage: 0, approximate: true },
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
