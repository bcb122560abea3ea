import type { Workload } from '@/types/api-models';

// What schemas/workload.schema.json writes when a field is left out. The form sends only what
// differs from these, so the server's defaults stay the ones that apply.

export type RunMode = NonNullable<Workload['mode']>;
export type LoadModel = NonNullable<NonNullable<Workload['load']>['model']>;
export type SecurityMode = NonNullable<Workload['security']>[number];
export type Driver = NonNullable<Workload['driver']>;
/** What to do with a WS-Policy in the WSDL: keep it (the stacks are refused), or remove it. */
export type PolicyChoice = NonNullable<Workload['policy']>;

export const loadModels: readonly LoadModel[] = ['closed', 'open', 'capacity'];
export const securityModes: readonly SecurityMode[] = ['plain', 'username', 'sign', 'signencr'];

export const workloadDefaults = {
  mode: 'measure' as RunMode,
  policy: 'keep' as PolicyChoice,
  model: 'closed' as LoadModel,
  connections: 25,
  requests: 2000,
  maxConnections: 100,
  minSeconds: 2,
  warmupRequests: 500,
  warmupSeconds: 0,
  // 6 rounds are the fewest whose paired verdict reaches 95 %; 8 also find a 10 % difference 19
  // times in 20 (docs/statistics.md).
  repetitions: 8,
  keepAlive: true,
  mtom: false,
  driver: 'neutral' as Driver,
  security: ['plain'] as SecurityMode[],
  hardwareClass: 'local',
  maxErrorRatio: 0.01,
  // Not written by the server, but what it uses when they are absent (the schema's descriptions).
  capacityStepSeconds: 5,
  capacityFirstRate: 100,
} as const;

export type NumberBounds = {
  min: number;
  max: number;
  /** A whole number (the schema's integer). */
  integer?: boolean;
  /** The schema's exclusiveMinimum: `min` itself is refused. */
  aboveMin?: boolean;
};

export const bounds = {
  connections: { min: 1, max: 1000, integer: true },
  requests: { min: 1, max: 10_000_000, integer: true },
  durationSeconds: { min: 0, max: 3600, aboveMin: true },
  ratePerSecond: { min: 0, max: 1_000_000, aboveMin: true },
  maxConnections: { min: 1, max: 10_000, integer: true },
  minSeconds: { min: 0, max: 3600 },
  warmupRequests: { min: 0, max: 10_000_000, integer: true },
  warmupSeconds: { min: 0, max: 3600 },
  repetitions: { min: 1, max: 50, integer: true },
  maxErrorRatio: { min: 0, max: 1 },
  sloP99Ms: { min: 0, max: 60_000, aboveMin: true },
  checkEquals: { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true },
} satisfies Record<string, NumberBounds>;

export const patterns = {
  dataset: /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)+$/,
  hardwareClass: /^[a-z0-9][a-z0-9-]*$/,
  xpath: /^\//,
  sha256: /^[0-9a-fA-F]{64}$/,
};
