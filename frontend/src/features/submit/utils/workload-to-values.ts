import {
  defaultWorkloadValues,
  type CheckKind,
  type WorkloadFormValues,
} from '@/features/submit/utils/submit-form-values';
import { parseWorkloadStackName } from '@/lib/stack-version';
import type { Workload } from '@/types/api-models';

function text(value: number | undefined, fallback: string): string {
  return value === undefined ? fallback : String(value);
}

function splitStacks(
  stacks: string[],
): Pick<WorkloadFormValues, 'selectedStacks' | 'stackVersions' | 'stackVariants' | 'variantBesideDefault'> {
  const selectedStacks: string[] = [];
  const stackVersions: Record<string, string> = {};
  const stackVariants: Record<string, string> = {};
  const withDefault = new Set<string>();
  for (const name of stacks) {
    const { id, version, variant } = parseWorkloadStackName(name);
    if (!selectedStacks.includes(id)) selectedStacks.push(id);
    if (version) stackVersions[id] = version;
    if (variant) stackVariants[id] = variant;
    else withDefault.add(id);
  }
  const variantBesideDefault: Record<string, boolean> = {};
  for (const id of Object.keys(stackVariants)) if (withDefault.has(id)) variantBesideDefault[id] = true;
  return { selectedStacks, stackVersions, stackVariants, variantBesideDefault };
}

function checkValues(
  check: Workload['check'],
): Pick<WorkloadFormValues, 'checkKind' | 'checkExpr' | 'checkEquals' | 'checkSha256'> {
  const xpath = check?.xpathCount as { expr?: string; equals?: number } | undefined;
  const sha = check?.bodySha256;
  const kind: CheckKind = xpath ? 'xpathCount' : typeof sha === 'string' ? 'bodySha256' : 'none';
  return {
    checkKind: kind,
    checkExpr: xpath?.expr ?? '',
    checkEquals: xpath?.equals === undefined ? '' : String(xpath.equals),
    checkSha256: typeof sha === 'string' ? sha : '',
  };
}

/**
 * The form's workload fields for a workload, e.g. a catalog service's default: every field it
 * names, and the schema's default for every field it leaves out.
 */
export function workloadToValues(workload: Workload): WorkloadFormValues {
  const base = defaultWorkloadValues();
  const load = workload.load ?? {};
  const model = load.model ?? base.loadModel;
  const { selectedStacks, stackVersions, stackVariants, variantBesideDefault } = splitStacks(
    workload.stacks ?? [],
  );
  return {
    ...base,
    mode: workload.mode ?? base.mode,
    policy: workload.policy ?? base.policy,
    selectedStacks,
    stackVersions,
    stackVariants,
    variantBesideDefault,
    reference: workload.reference ? parseWorkloadStackName(workload.reference).id : '',
    hardwareClass: workload.hardwareClass ?? base.hardwareClass,
    loadModel: model,
    // capacity's durationSeconds is a step length, not what ends a measurement.
    bound: model !== 'capacity' && load.durationSeconds !== undefined ? 'duration' : 'requests',
    connections: text(load.connections, base.connections),
    requests: text(load.requests, base.requests),
    durationSeconds: text(load.durationSeconds, ''),
    ratePerSecond: text(load.ratePerSecond, ''),
    maxConnections: text(load.maxConnections, base.maxConnections),
    minSeconds: text(load.minSeconds, base.minSeconds),
    sloP99Ms: text(workload.slo?.p99Ms, ''),
    warmup: text(workload.warmup?.requests, base.warmup),
    warmupSeconds: text(workload.warmup?.seconds, base.warmupSeconds),
    repetitions: text(workload.repetitions, base.repetitions),
    keepAlive: workload.keepAlive ?? base.keepAlive,
    coldStart: workload.warmup?.cold ?? false,
    mtom: workload.mtom ?? base.mtom,
    driver: workload.driver ?? base.driver,
    security: workload.security ? [...workload.security] : base.security,
    operations: workload.operations ? [...workload.operations] : [],
    dataset: workload.requests?.dataset ?? '',
    ...checkValues(workload.check),
    maxErrorRatio: text(workload.maxErrorRatio, base.maxErrorRatio),
  };
}
