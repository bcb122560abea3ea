import type { CatalogEntry, Comparison, Measurement, Run, Stack, SubmittedRun } from '@/types/api-models';

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
