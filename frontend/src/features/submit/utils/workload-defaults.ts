import type { Workload } from '@/types/api-models';
import workloadSchema from '@schemas/workload.schema.json';

// The workload's defaults and bounds, read from schemas/workload.schema.json when the UI is built:
// the schema is where they are written. The form sends only what differs from the defaults, so the
// server's, the same ones, stay the ones that apply.

export type RunMode = NonNullable<Workload['mode']>;
export type LoadModel = NonNullable<NonNullable<Workload['load']>['model']>;
export type SecurityMode = NonNullable<Workload['security']>[number];
export type Driver = NonNullable<Workload['driver']>;
/** What to do with a WS-Policy in the WSDL: keep it (the stacks are refused), or remove it. */
export type PolicyChoice = NonNullable<Workload['policy']>;

const fields = workloadSchema.properties;
const loadFields = fields.load.properties;
const warmupFields = fields.warmup.properties;

export const loadModels = loadFields.model.enum as readonly LoadModel[];
export const securityModes = fields.security.items.enum as readonly SecurityMode[];

export const workloadDefaults = {
  mode: fields.mode.default as RunMode,
  policy: fields.policy.default as PolicyChoice,
  model: loadFields.model.default as LoadModel,
  connections: loadFields.connections.default,
  requests: loadFields.requests.default,
  maxConnections: loadFields.maxConnections.default,
  minSeconds: loadFields.minSeconds.default,
  warmupRequests: warmupFields.requests.default,
  warmupSeconds: warmupFields.seconds.default,
  repetitions: fields.repetitions.default,
  keepAlive: fields.keepAlive.default,
  mtom: fields.mtom.default,
  driver: fields.driver.default as Driver,
  security: fields.security.default as SecurityMode[],
  hardwareClass: fields.hardwareClass.default,
  maxErrorRatio: fields.maxErrorRatio.default,
  // Not defaults the schema can state (they apply to the capacity model only), but what the worker
  // takes when they are absent, as the schema's descriptions say.
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

type NumberSchema = { type: string; minimum?: number; exclusiveMinimum?: number; maximum?: number };

/** A number field's bounds as the schema states them; no maximum is the largest safe integer. */
function boundsOf(field: NumberSchema): NumberBounds {
  const numberBounds: NumberBounds = {
    min: field.exclusiveMinimum ?? field.minimum ?? 0,
    max: field.maximum ?? Number.MAX_SAFE_INTEGER,
  };
  if (field.type === 'integer') numberBounds.integer = true;
  if (field.exclusiveMinimum !== undefined) numberBounds.aboveMin = true;
  return numberBounds;
}

export const bounds = {
  connections: boundsOf(loadFields.connections),
  requests: boundsOf(loadFields.requests),
  durationSeconds: boundsOf(loadFields.durationSeconds),
  ratePerSecond: boundsOf(loadFields.ratePerSecond),
  maxConnections: boundsOf(loadFields.maxConnections),
  minSeconds: boundsOf(loadFields.minSeconds),
  warmupRequests: boundsOf(warmupFields.requests),
  warmupSeconds: boundsOf(warmupFields.seconds),
  repetitions: boundsOf(fields.repetitions),
  maxErrorRatio: boundsOf(fields.maxErrorRatio),
  sloP99Ms: boundsOf(fields.slo.properties.p99Ms),
  checkEquals: boundsOf(fields.check.properties.xpathCount.properties.equals),
} satisfies Record<string, NumberBounds>;

export const patterns = {
  dataset: new RegExp(fields.requests.properties.dataset.pattern),
  hardwareClass: new RegExp(fields.hardwareClass.pattern),
  xpath: new RegExp(fields.check.properties.xpathCount.properties.expr.pattern),
  sha256: new RegExp(fields.check.properties.bodySha256.pattern),
};
