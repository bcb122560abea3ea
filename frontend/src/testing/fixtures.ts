import type {
  CatalogEntry,
  Comparison,
  Measurement,
  OperationShare,
  Run,
  Stack,
  StackLatencyCurve,
  SubmittedRun,
  SummaryCell,
  Warmup,
} from '@/types/api-models';

export const stacksFixture: Stack[] = [
  {
    id: 'gsoap',
    displayName: 'gSOAP',
    language: 'C++',
    container: 'native',
    versions: ['2.8.124'],
    defaultVersion: '2.8.124',
    features: { soapVersions: ['1.1', '1.2'], styles: ['document-literal-wrapped'], security: ['plain'] },
    knownDefects: [],
    variants: [],
    securityByVersion: { '2.8.124': ['plain'] },
    availability: [{ hardwareClass: 'local', available: true }],
  },
  {
    id: 'cxf',
    displayName: 'Apache CXF',
    language: 'Java',
    container: 'jvm-host',
    versions: ['4.2.3', '3.6.10'],
    defaultVersion: '4.2.3',
    features: {
      soapVersions: ['1.1', '1.2'],
      styles: ['document-literal-wrapped', 'rpc-literal'],
      security: ['plain', 'username'],
      mtom: true,
    },
    knownDefects: [],
    variants: [
      {
        id: 'parallel-gc',
        description: 'The parallel (throughput) collector in place of G1.',
        settings: { 'jvm.gc': 'parallel' },
      },
    ],
    // The older line honours plain only.
    securityByVersion: { '4.2.3': ['plain', 'username'], '3.6.10': ['plain'] },
    availability: [{ hardwareClass: 'local', available: true }],
  },
];

export const catalogFixture: CatalogEntry[] = [
  {
    id: 'echo',
    name: 'Echo',
    description: 'One operation that returns the text it is sent.',
    operations: ['echo'],
  },
];

export const submittedRunFixture: SubmittedRun = {
  id: '6f1c2a52-7d0e-4f7e-9a55-0c3a1f1b2c3d',
  slug: 'k3x9q2',
  status: 'queued',
  statusUrl: '/api/v1/runs/6f1c2a52-7d0e-4f7e-9a55-0c3a1f1b2c3d',
  shareUrl: '/r/k3x9q2',
};

export function measurement(overrides: Partial<Measurement>): Measurement {
  return {
    stack: 'gsoap',
    version: '2.8.124',
    cell: { operation: 'echo', security: 'plain', connections: 4, requests: 300, keepAlive: true },
    repetition: 1,
    requests: 300,
    errors: {},
    elapsedSeconds: 0.05,
    throughput: 6000,
    latencyMs: { min: 0.1, mean: 0.6, p50: 0.5, p90: 0.9, p99: 1.8, p999: 3.2, max: 4.1 },
    serverCpuSeconds: 0.04,
    peakRssBytes: 8 * 1024 * 1024,
    ...overrides,
  };
}

export const runningRunFixture: Run = {
  id: submittedRunFixture.id,
  slug: submittedRunFixture.slug,
  status: 'running',
  visibility: 'public',
  createdAt: '2026-11-20T10:00:00Z',
  startedAt: '2026-11-20T10:00:02Z',
  finishedAt: null,
  shareUrl: '/r/k3x9q2',
  source: { catalog: 'echo', fileName: null, entry: 'echo.wsdl' },
  workload: {
    stacks: ['gsoap', 'cxf'],
    load: { model: 'closed', connections: 4, requests: 300 },
    warmup: { requests: 500 },
    repetitions: 1,
    security: ['plain'],
    hardwareClass: 'local',
  },
  analysis: {
    entry: 'echo.wsdl',
    targetNamespace: 'http://soapbench.dev/echo',
    services: ['EchoService'],
    soapVersions: ['1.1'],
    styles: ['document-literal-wrapped'],
    operations: [
      {
        name: 'echo',
        binding: 'EchoBinding',
        style: 'document-literal-wrapped',
        soapVersion: '1.1',
        soapAction: '',
      },
    ],
    stacks: [
      { id: 'gsoap', buildable: true },
      { id: 'cxf', buildable: true },
      { id: 'axis2c', buildable: false, reason: 'rpc-encoded is not supported' },
    ],
  },
  stacks: [
    { id: 'gsoap', displayName: 'gSOAP', version: '2.8.124', status: 'done', buildSeconds: 8.2 },
    {
      id: 'cxf',
      displayName: 'Apache CXF',
      version: '4.2.3',
      status: 'building',
      log: '[INFO] Building echo-cxf',
    },
  ],
  measurements: [measurement({})],
};

const cxfAgainstGsoapInOneRound: Comparison = {
  stack: 'cxf@4.2.3',
  against: 'gsoap@2.8.124',
  rounds: 1,
  ratio: null,
  low: null,
  high: null,
  coverage: null,
  verdict: 'not-enough-data',
  factor: null,
  text: 'not enough data for a verdict on cxf@4.2.3 against gsoap@2.8.124: 1 paired round, at least 6 needed',
  roundRatios: [0.41675],
  roundNumbers: [1],
};

export const completedRunFixture: Run = {
  ...runningRunFixture,
  status: 'completed',
  finishedAt: '2026-11-20T10:03:40Z',
  workerId: 'worker-1',
  stacks: [
    { id: 'gsoap', displayName: 'gSOAP', version: '2.8.124', status: 'done', buildSeconds: 8.2 },
    { id: 'cxf', displayName: 'Apache CXF', version: '4.2.3', status: 'done', buildSeconds: 41.5 },
  ],
  measurements: [
    measurement({}),
    measurement({
      stack: 'cxf',
      version: '4.2.3',
      throughput: 2500.5,
      latencyMs: { min: 0.4, mean: 1.5, p50: 1.25, p90: 2.5, p99: 12.5, p999: 30, max: 42 },
      serverCpuSeconds: 1.5,
      peakRssBytes: 256 * 1024 * 1024,
      errors: { timeout: 2, wrong_response: 1 },
    }),
  ],
  configHash: 'sha256:5d41402abc4b2a76b9719d911017c592',
  fingerprint: {
    cpuModel: 'AMD EPYC 7B13',
    cores: 2,
    governor: 'performance',
    memoryBytes: 8 * 1024 * 1024 * 1024,
    kernel: '6.1.0-27-amd64',
    jdk: '17.0.13',
    gcc: '12.2.0',
    cpuSharing: 'shared',
  },
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
          connections: 4,
          requests: 300,
          keepAlive: true,
        },
        label: 'plain · echo · closed 4×300 · keep-alive',
        // One repetition: a paired verdict needs six rounds, so nothing here may look ranked.
        reference: 'gsoap@2.8.124',
        referenceChosenBy: 'fastest',
        enoughData: false,
        notEnoughData: 'not enough data for a verdict: 1 paired round, at least 6 needed',
        comparisons: [cxfAgainstGsoapInOneRound],
        metricComparisons: [],
        drift: null,
        stacks: [
          {
            stack: 'gsoap',
            version: '2.8.124',
            repetitions: 1,
            flagged: 0,
            used: 1,
            throughput: { median: 6000, low: 6000, high: 6000, n: 1, coverage: 0, approximate: true },
            coefficientOfVariation: null,
            latencyMs: { min: 0.1, mean: 0.6, p50: 0.5, p90: 0.9, p99: 1.8, p999: 3.2, max: 4.1 },
            serverCpuSecondsMedian: 0.04,
            peakRssBytesMax: 8 * 1024 * 1024,
            requests: 300,
            comparison: null,
            percentOfBest: null,
            ranked: false,
            rank: null,
            tiedWith: [],
            reason: 'not enough data for a verdict: 1 paired round, at least 6 needed',
          },
          {
            stack: 'cxf',
            version: '4.2.3',
            repetitions: 1,
            flagged: 0,
            used: 1,
            throughput: { median: 2500.5, low: 2500.5, high: 2500.5, n: 1, coverage: 0, approximate: true },
            coefficientOfVariation: null,
            latencyMs: { min: 0.4, mean: 1.5, p50: 1.25, p90: 2.5, p99: 12.5, p999: 30, max: 42 },
            serverCpuSecondsMedian: 1.5,
            peakRssBytesMax: 256 * 1024 * 1024,
            requests: 300,
            comparison: cxfAgainstGsoapInOneRound,
            percentOfBest: null,
            ranked: false,
            rank: null,
            tiedWith: [],
            reason: 'not enough data for a verdict: 1 paired round, at least 6 needed',
          },
        ],
      },
    ],
  },
};

export const axis2BuildFailure = 'wsdl2java: rpc-encoded binding EchoBinding is not supported';

/** The completed run, with a third stack that did not build: it has no figures, only its reason. */
export const completedWithFailureRunFixture: Run = {
  ...completedRunFixture,
  stacks: [
    ...completedRunFixture.stacks,
    {
      id: 'axis2',
      displayName: 'Apache Axis2',
      version: '2.0.0',
      status: 'build_failed',
      reason: axis2BuildFailure,
      log: '[ERROR] wsdl2java failed',
    },
  ],
};

/**
 * An A/B of two WSDLs: gSOAP built from the base WSDL and from the head WSDL of a pull request,
 * the head reported as `<version>+head`. `analysis.head` is not a typed field of the contract.
 */
export const abRunFixture: Run = {
  ...completedRunFixture,
  source: { catalog: null, fileName: 'base.wsdl', entry: 'base.wsdl' },
  workload: { ...completedRunFixture.workload!, stacks: ['gsoap'], reference: 'gsoap@2.8.124' },
  analysis: {
    ...completedRunFixture.analysis,
    head: {
      fileName: 'service.wsdl',
      entry: 'service.wsdl',
      stack: 'gsoap@2.8.124+head',
      operations: ['echo'],
    },
  } as Run['analysis'],
  stacks: [
    { id: 'gsoap', displayName: 'gSOAP', version: '2.8.124', status: 'done' },
    { id: 'gsoap', displayName: 'gSOAP', version: '2.8.124+head', status: 'done' },
  ],
  measurements: [measurement({}), measurement({ version: '2.8.124+head', throughput: 5000 })],
  summary: undefined,
};

/**
 * A running run, charged for 10 measurements (2 stacks, 1 cell, 5 rounds), 3 of them in, its worker
 * measuring CXF in round 2. It started at 10:00:00.
 */
export const measuringRunFixture: Run = {
  ...completedRunFixture,
  status: 'running',
  startedAt: '2026-11-20T10:00:00Z',
  finishedAt: null,
  workerStep: 'measuring cxf (round 2 of 5)',
  workload: { ...completedRunFixture.workload!, repetitions: 5 },
  estimate: {
    workerSeconds: 1200,
    stacks: 2,
    cells: 1,
    repetitions: 5,
    measurements: 10,
    measurementSeconds: 60,
    basis: 'Build and start-up per stack, then per measurement one warm-up and one measured load.',
  },
  stacks: completedRunFixture.stacks.map((stack) => ({ ...stack, status: 'measuring' as const })),
  measurements: [
    measurement({ repetition: 1 }),
    measurement({ stack: 'cxf', version: '4.2.3', repetition: 1, throughput: 2500 }),
    measurement({ repetition: 2 }),
  ],
  summary: undefined,
};

// A JVM's first warm-up goes on until its throughput stops climbing: here 80 s and 304,403 requests.
const cxfFirstWarmup: Warmup = {
  requests: 304_403,
  seconds: 80.2,
  windowRates: [3650, 3790, 3801, 3810],
  steady: true,
};

/**
 * Three rounds of gSOAP and Apache CXF. gSOAP got the workload's 500 requests before every round;
 * CXF, a JVM stack, its long first warm-up and then 500 requests before each later round.
 */
export const warmedUpRunFixture: Run = {
  ...completedRunFixture,
  workload: { ...completedRunFixture.workload!, repetitions: 3 },
  measurements: [1, 2, 3].flatMap((round) => [
    measurement({ repetition: round, warmup: { requests: 500, seconds: 0.1 } }),
    measurement({
      stack: 'cxf',
      version: '4.2.3',
      repetition: round,
      throughput: 2500,
      warmup: round === 1 ? cxfFirstWarmup : { requests: 500, seconds: 0.3 },
    }),
  ]),
  summary: undefined,
};

function share(
  operation: string,
  requests: number,
  [p50, p90, p99]: [number, number, number],
  errors: Record<string, number> = {},
): OperationShare {
  return { operation, requests, errors, latencyMs: { p50, p90, p99 } };
}

function curve(p50: number, p99: number, maxMs: number): StackLatencyCurve {
  const percentiles = [50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99];
  // Rises from p50 to p99, then on towards the maximum: enough of a shape for a plot.
  const at = (p: number) =>
    p <= 99 ? p50 + ((p99 - p50) * (p - 50)) / 49 : p99 + ((maxMs - p99) * (p - 99)) / 1.2;
  return {
    count: 900,
    points: percentiles.map((p) => ({ percentile: p, ms: Number(at(p).toFixed(3)) })),
    maxMs,
  };
}

const everyOperation = { security: 'plain', connections: 4, requests: 300, keepAlive: true };
const roundOrders: Record<number, string[]> = {
  1: ['gsoap@2.8.124/plain', 'cxf@4.2.3/plain'],
  2: ['cxf@4.2.3/plain', 'gsoap@2.8.124/plain'],
  3: ['gsoap@2.8.124/plain', 'cxf@4.2.3/plain'],
};

function roundOf(stack: string, round: number): Pick<Measurement, 'repetition' | 'position' | 'roundOrder'> {
  return {
    repetition: round,
    position: roundOrders[round].findIndex((entry) => entry.startsWith(`${stack}@`)) + 1,
    roundOrder: roundOrders[round],
  };
}

const twoOperationCell: SummaryCell = {
  ...completedRunFixture.summary!.cells[0],
  key: { ...completedRunFixture.summary!.cells[0].key, operation: null },
  label: 'plain · every operation · closed 4×300 · keep-alive',
  notEnoughData: 'not enough data for a verdict: 2 paired rounds, at least 6 needed',
  comparisons: [],
  stacks: [
    {
      ...completedRunFixture.summary!.cells[0].stacks[0],
      repetitions: 3,
      flagged: 1,
      flags: { errors: 1 },
      used: 2,
      requests: 600,
      throughput: { median: 6050, low: 6000, high: 6100, n: 2, coverage: 0.5, approximate: true },
      latencyCurve: curve(0.5, 2, 4.1),
      reason: 'not enough data for a verdict: 2 paired rounds, at least 6 needed',
    },
    {
      ...completedRunFixture.summary!.cells[0].stacks[1],
      repetitions: 3,
      used: 3,
      requests: 900,
      throughput: { median: 2500, low: 2400, high: 2600, n: 3, coverage: 0.75, approximate: true },
      latencyCurve: curve(1.25, 12.5, 42),
      reason: 'not enough data for a verdict: 2 paired rounds, at least 6 needed',
    },
  ],
};

/**
 * The neutral driver cycling through two operations, echo and add, for three rounds. gSOAP's round 3
 * is flagged for errors, so its figures rest on rounds 1 and 2.
 */
export const twoOperationRunFixture: Run = {
  ...completedRunFixture,
  workload: { ...completedRunFixture.workload!, operations: ['echo', 'add'], repetitions: 3 },
  measurements: [
    measurement({
      cell: everyOperation,
      ...roundOf('gsoap', 1),
      throughput: 6000,
      errors: { timeout: 1 },
      operations: [share('echo', 150, [0.4, 0.8, 1.5]), share('add', 150, [0.6, 1.0, 2.0], { timeout: 1 })],
    }),
    measurement({
      cell: everyOperation,
      ...roundOf('gsoap', 2),
      throughput: 6100,
      latencyMs: { p50: 0.5, p90: 0.9, p99: 1.9, p999: 3.3, max: 4.0 },
      operations: [share('echo', 160, [0.5, 0.9, 1.7]), share('add', 140, [0.7, 1.1, 2.6])],
    }),
    measurement({
      cell: everyOperation,
      ...roundOf('gsoap', 3),
      throughput: 3000,
      flags: ['errors'],
      errors: { wrong_response: 50 },
      operations: [share('echo', 100, [9, 9, 9], { wrong_response: 50 }), share('add', 150, [9, 9, 9])],
    }),
    ...[1, 2, 3].map((round) =>
      measurement({
        stack: 'cxf',
        version: '4.2.3',
        cell: everyOperation,
        ...roundOf('cxf', round),
        throughput: 2400 + 100 * (round - 1),
        latencyMs: { p50: 1.25, p90: 2.5, p99: 12.5, p999: 30, max: 42 },
        operations: [
          share('echo', 140 + round * 10, [1.0, 2.0, 9 + round]),
          share('add', 160 - round * 10, [1.5, 3.0, 14 + round]),
        ],
      }),
    ),
  ],
  summary: { ...completedRunFixture.summary!, cells: [twoOperationCell] },
};

export const wsfVerifyFailure = 'operation echo: the response differs from the sample';

/**
 * Two cells, plain and username, with a third stack that built but failed verification: it has no
 * figures in either cell.
 */
export const verifyFailedRunFixture: Run = {
  ...completedRunFixture,
  workload: { ...completedRunFixture.workload!, security: ['plain', 'username'] },
  stacks: [
    ...completedRunFixture.stacks,
    {
      id: 'wsf',
      displayName: 'WSO2 WSF/C++',
      version: '2.1.0',
      status: 'verify_failed',
      reason: wsfVerifyFailure,
    },
  ],
  measurements: [
    ...completedRunFixture.measurements,
    ...completedRunFixture.measurements.map((m) => ({ ...m, cell: { ...m.cell, security: 'username' } })),
  ],
  summary: {
    ...completedRunFixture.summary!,
    cells: [
      completedRunFixture.summary!.cells[0],
      {
        ...completedRunFixture.summary!.cells[0],
        key: { ...completedRunFixture.summary!.cells[0].key, security: 'username' },
        label: 'username · echo · closed 4×300 · keep-alive',
      },
    ],
  },
};
