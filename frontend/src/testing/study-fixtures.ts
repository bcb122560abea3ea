import type {
  MedianInterval,
  StudyCell,
  StudyDetail,
  StudyEstimate,
  StudyListItem,
  StudyRun,
  StudyStackFigures,
} from '@/types/api-models';

function interval(median: number): MedianInterval {
  return { median, low: median * 0.95, high: median * 1.05, n: 5, coverage: 0.9375, approximate: true };
}

function figures(
  stack: string,
  throughput: number,
  sequenceLength: number,
  baseline: number,
): StudyStackFigures {
  return {
    stack,
    version: '1.0',
    status: 'done',
    throughput: interval(throughput),
    totalSeconds: { best: sequenceLength / (throughput * 1.02), median: sequenceLength / throughput },
    normalised: { median: throughput / baseline, best: throughput / baseline },
    ranked: true,
    rank: 1,
    tiedWith: [],
  };
}

function measuredCell(
  size: string,
  security: string,
  sequenceLength: number,
  rates: Record<string, number>,
): StudyCell {
  return {
    id: `${size}/${security}/c1/article`,
    size,
    security,
    concurrency: 1,
    method: 'article',
    status: 'completed',
    runId: `00000000-0000-4000-8000-${String(sequenceLength).padStart(4, '0')}${security.length}0000000`,
    sequenceLength,
    driver: 'native',
    stacks: Object.entries(rates).map(([stack, rate]) => figures(stack, rate, sequenceLength, rates.cxf)),
  };
}

function pendingCell(
  size: string,
  security: string,
  sequenceLength: number,
  stacks = ['cxf', 'metro', 'axis2'],
): StudyCell {
  return {
    id: `${size}/${security}/c1/article`,
    size,
    security,
    concurrency: 1,
    method: 'article',
    status: 'pending',
    reason: `no selected stack supports security mode ${security} yet`,
    runId: null,
    sequenceLength,
    stacks: stacks.map((stack) => ({ stack, status: 'pending' })),
  };
}

export const sosnoskiStudyFixture: StudyDetail = {
  id: 'sosnoski-2010',
  name: 'Sosnoski 2010',
  description: 'CXF, Metro and Axis2 on the seismic query service.',
  seed: { title: 'Java web services: CXF performance comparison', author: 'Dennis Sosnoski', year: 2010 },
  catalog: 'seismic',
  matrix: {
    stacks: ['cxf', 'metro', 'axis2'],
    security: ['plain', 'username', 'sign', 'signencr'],
    sizes: [
      { id: 'small', label: '1,000 requests, small responses', sequenceLength: 1000 },
      { id: 'large', label: '100 requests, large responses', sequenceLength: 100 },
    ],
    concurrency: [1],
    driver: 'native',
    methods: [{ id: 'article', label: 'best of several', repetitions: 5 }],
  },
  chart: {
    kind: 'absolute-time',
    metric: 'total-seconds-best',
    baseline: 'cxf',
    groupBy: ['size', 'security'],
  },
  published: [
    {
      size: 'small',
      security: null,
      stack: 'metro',
      baseline: 'cxf',
      ratio: 1.1,
      text: 'Metro is about 10 percent faster than CXF.',
    },
    {
      size: 'small',
      security: null,
      stack: 'axis2',
      baseline: 'cxf',
      max: 0.5,
      text: 'Axis2 is more than twice as slow as CXF.',
    },
    {
      size: 'large',
      security: 'signencr',
      stack: 'cxf',
      baseline: 'metro',
      ratio: 1.15,
      text: 'CXF is about 15 percent faster.',
    },
  ],
  latestRun: null,
};

export const sosnoskiStudyRunFixture: StudyRun = {
  id: '5b0e3f6c-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
  studyId: 'sosnoski-2010',
  studyName: 'Sosnoski 2010',
  status: 'running',
  createdAt: '2026-11-21T09:00:00Z',
  driver: 'native',
  chart: sosnoskiStudyFixture.chart,
  cells: [
    measuredCell('small', 'plain', 1000, { cxf: 2000, metro: 2200, axis2: 900 }),
    measuredCell('small', 'username', 1000, { cxf: 1600, metro: 1700, axis2: 700 }),
    pendingCell('small', 'sign', 1000),
    pendingCell('small', 'signencr', 1000),
    measuredCell('large', 'plain', 100, { cxf: 50, metro: 40, axis2: 25 }),
    { ...measuredCell('large', 'username', 100, { cxf: 45 }), status: 'running', runId: null },
    pendingCell('large', 'sign', 100),
    pendingCell('large', 'signencr', 100),
  ],
  comparisons: [
    {
      published: sosnoskiStudyFixture.published[0],
      ours: 1.0814,
      cells: ['small/plain/c1/article'],
      status: 'measured',
    },
    {
      published: sosnoskiStudyFixture.published[1],
      ours: 0.4427,
      cells: ['small/plain/c1/article'],
      status: 'measured',
    },
    { published: sosnoskiStudyFixture.published[2], ours: null, cells: [], status: 'pending' },
  ],
};

export const wso2StudyRunFixture: StudyRun = {
  id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  studyId: 'wso2-2010',
  studyName: 'WSO2 2010',
  status: 'completed',
  createdAt: '2026-11-21T10:00:00Z',
  chart: { kind: 'throughput-vs-size', metric: 'throughput-median', baseline: 'cxf', groupBy: ['security'] },
  cells: [
    ...(
      [
        ['150b', 9000, 4000],
        ['1kb', 8000, 3600],
        ['10kb', 4000, 1500],
        ['100kb', 600, 250],
      ] as const
    ).map(([size, gsoap, cxf]) => ({
      ...measuredCell(size, 'plain', 5000, { gsoap, cxf }),
      id: `${size}/plain/c25/article`,
      concurrency: 25,
    })),
    ...['150b', '1kb', '10kb', '100kb'].map((size) => ({
      ...pendingCell(size, 'signencr', 5000, ['gsoap', 'cxf']),
      id: `${size}/signencr/c25/article`,
      concurrency: 25,
    })),
  ],
  comparisons: [],
};

export const studiesFixture: StudyListItem[] = [
  {
    id: 'sosnoski-2010',
    name: 'Sosnoski 2010',
    description: sosnoskiStudyFixture.description,
    seed: sosnoskiStudyFixture.seed,
    catalog: 'seismic',
    chart: sosnoskiStudyFixture.chart,
    latestStudyRunId: sosnoskiStudyRunFixture.id,
  },
  {
    id: 'xins-2007',
    name: 'XINS 2007',
    description: 'The 14-parameter SimpleTypes call, as the 2007 test ran it and corrected.',
    seed: { title: 'Feedback on performance tests', author: 'XINS project', year: 2007 },
    catalog: 'simple-types',
    chart: { kind: 'normalised', metric: 'throughput-median', baseline: 'metro' },
    latestStudyRunId: null,
  },
  {
    id: 'wso2-2010',
    name: 'WSO2 2010',
    description: 'An echo service at 25 connections with messages from 150 B to 100 KB.',
    seed: { title: 'High Performance Web Services in C++', author: 'WSO2', year: 2010 },
    catalog: 'echo',
    chart: wso2StudyRunFixture.chart!,
    latestStudyRunId: null,
  },
];

/** What starting WSO2 2010 with its own repetitions would send and cost. */
export const wso2EstimateFixture: StudyEstimate = {
  study: 'wso2-2010',
  runs: 40,
  pendingCells: 0,
  repetitions: null,
  workerSeconds: 3 * 3600 + 10 * 60,
  requests: 1_000_000,
  basis:
    "The sum of the runs' estimates: build and start-up per stack, one warm-up and one measured load per measurement.",
  lastRun: null,
};
