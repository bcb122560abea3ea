import {
  chosenHardwareClass,
  chosenVariant,
  runnableSelection,
  stackReference,
  type SubmitFormValues,
} from '@/features/submit/utils/submit-form-values';
import { securityModes, workloadDefaults } from '@/features/submit/utils/workload-defaults';
import type { Stack, Workload } from '@/types/api-models';

type Load = NonNullable<Workload['load']>;

const d = workloadDefaults;

/** Sets `key` only when the typed number differs from the schema's default: the server writes defaults. */
function setIfChanged<T extends object>(target: T, key: keyof T, raw: string, fallback?: number) {
  const trimmed = raw.trim();
  if (trimmed === '') return;
  const value = Number(trimmed);
  if (value !== fallback) (target as Record<keyof T, number>)[key] = value;
}

function buildLoad(values: SubmitFormValues): Load {
  const load: Load = {};
  const model = values.loadModel;
  if (model !== d.model) load.model = model;
  if (model === 'closed') setIfChanged(load, 'connections', values.connections, d.connections);
  else setIfChanged(load, 'maxConnections', values.maxConnections, d.maxConnections);
  // open needs a rate; for capacity a blank rate is the server's first rate (100/s).
  if (model !== 'closed') setIfChanged(load, 'ratePerSecond', values.ratePerSecond);
  if (model === 'capacity') {
    setIfChanged(load, 'durationSeconds', values.durationSeconds);
  } else {
    if (values.bound === 'duration') setIfChanged(load, 'durationSeconds', values.durationSeconds);
    else setIfChanged(load, 'requests', values.requests, d.requests);
    setIfChanged(load, 'minSeconds', values.minSeconds, d.minSeconds);
  }
  return load;
}

function buildCheck(values: SubmitFormValues): Workload['check'] | undefined {
  if (values.checkKind === 'xpathCount')
    return { xpathCount: { expr: values.checkExpr.trim(), equals: Number(values.checkEquals) } };
  if (values.checkKind === 'bodySha256') return { bodySha256: values.checkSha256.trim().toLowerCase() };
  return undefined;
}

function sameModes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((mode) => b.includes(mode));
}

/**
 * The workload as it is sent: the stacks the schema requires, and of every other field only what
 * differs from the schema's default, so that the server writes the defaults and a stored workload
 * reads the same whether it came from this form, benchctl or curl.
 */
export function buildWorkload(values: SubmitFormValues, stacks: Stack[]): Workload {
  // Keep the order of the stacks list so the same selection always gives the same workload.
  const selected = runnableSelection(values, stacks);
  const ordered = stacks.map((stack) => stack.id).filter((id) => selected.includes(id));
  const workload: Workload = {
    stacks: ordered.flatMap((id) => {
      const variant = chosenVariant(
        values,
        stacks.find((stack) => stack.id === id),
      );
      const named = stackReference(id, values.stackVersions[id], stacks, variant);
      // A variant beside its default configuration: the same stack twice, compared round by round.
      return variant && values.variantBesideDefault[id]
        ? [stackReference(id, values.stackVersions[id], stacks), named]
        : [named];
    }),
  };
  if (values.operations.length > 0) workload.operations = [...values.operations];
  if (values.reference && ordered.includes(values.reference)) {
    // The reference is the stack as ticked: its default configuration when that is measured too.
    const variant = chosenVariant(
      values,
      stacks.find((stack) => stack.id === values.reference),
    );
    workload.reference = stackReference(
      values.reference,
      values.stackVersions[values.reference],
      stacks,
      values.variantBesideDefault[values.reference] ? undefined : variant,
    );
  }

  if (values.mode === 'check') workload.mode = 'check';
  // A check sends no load: load, warm-up, repetitions, driver and dataset would be ignored.
  else Object.assign(workload, buildMeasurement(values));
  // keep is the default: only a removal is sent, in a check as in a measured run.
  if (values.policy !== d.policy) workload.policy = values.policy;
  // MTOM changes what is built and verified, so a check sends it too.
  if (values.mtom !== d.mtom) workload.mtom = values.mtom;

  if (!sameModes(values.security, d.security))
    workload.security = securityModes.filter((mode) => values.security.includes(mode));
  const hardwareClass = chosenHardwareClass(values);
  if (hardwareClass !== d.hardwareClass) workload.hardwareClass = hardwareClass;
  const check = buildCheck(values);
  if (check) workload.check = check;
  setIfChanged(workload, 'maxErrorRatio', values.maxErrorRatio, d.maxErrorRatio);
  return workload;
}

/** What only a measured run needs: how the load is sent, warmed up, repeated and fed. */
function buildMeasurement(values: SubmitFormValues): Partial<Workload> {
  const measurement: Partial<Workload> = {};
  const load = buildLoad(values);
  if (Object.keys(load).length > 0) measurement.load = load;
  const warmup: NonNullable<Workload['warmup']> = {};
  setIfChanged(warmup, 'requests', values.warmup, d.warmupRequests);
  setIfChanged(warmup, 'seconds', values.warmupSeconds, d.warmupSeconds);
  // A capacity search is many loads, not a first one: the form offers a cold start for the others.
  if (values.coldStart && values.loadModel !== 'capacity') warmup.cold = true;
  if (Object.keys(warmup).length > 0) measurement.warmup = warmup;
  setIfChanged(measurement, 'repetitions', values.repetitions, d.repetitions);
  if (values.keepAlive !== d.keepAlive) measurement.keepAlive = values.keepAlive;
  if (values.driver !== d.driver) measurement.driver = values.driver;
  const dataset = values.dataset.trim();
  if (dataset) measurement.requests = { dataset };
  if (values.loadModel === 'capacity' && values.sloP99Ms.trim())
    measurement.slo = { p99Ms: Number(values.sloP99Ms) };
  return measurement;
}
