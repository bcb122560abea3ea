import { isUnavailable } from '@/features/submit/utils/stack-availability';
import {
  workloadDefaults,
  type Driver,
  type LoadModel,
  type PolicyChoice,
  type RunMode,
  type SecurityMode,
} from '@/features/submit/utils/workload-defaults';
import { workloadStackName } from '@/lib/stack-version';
import type { Stack, Visibility } from '@/types/api-models';

export type SourceKind = 'catalog' | 'upload';
/** What ends each measurement of the closed and open models: a request count or a duration. */
export type MeasurementBound = 'requests' | 'duration';
export type CheckKind = 'none' | 'xpathCount' | 'bodySha256';

/** The form as typed: numbers stay text until they are checked, so that a half-typed value survives. */
export type SubmitFormValues = {
  source: SourceKind;
  catalog: string;
  file: File | null;
  entry: string;
  /** measure, or check: build, serve and verify every stack, with no load and no measurement. */
  mode: RunMode;
  /** keep, or remove: build the stacks from the WSDL with its WS-Policies taken out. Per WSDL. */
  policy: PolicyChoice;
  selectedStacks: string[];
  stackVersions: Record<string, string>;
  /** A variant of the stack's manifest by stack id; absent: its default configuration. */
  stackVariants: Record<string, string>;
  /** Stacks whose chosen variant is measured beside their default configuration, in the same run. */
  variantBesideDefault: Record<string, boolean>;
  /** A stack id of the selection, or '' for the fastest of each cell. */
  reference: string;
  hardwareClass: string;
  loadModel: LoadModel;
  bound: MeasurementBound;
  connections: string;
  requests: string;
  durationSeconds: string;
  ratePerSecond: string;
  maxConnections: string;
  sloP99Ms: string;
  minSeconds: string;
  warmup: string;
  warmupSeconds: string;
  repetitions: string;
  keepAlive: boolean;
  /** Measure the first requests of a server started just before each measurement (warmup.cold). */
  coldStart: boolean;
  /** Send and expect MTOM/XOP (docs/workload.md#mtom). */
  mtom: boolean;
  driver: Driver;
  security: SecurityMode[];
  /** Empty: every operation with a response. */
  operations: string[];
  dataset: string;
  checkKind: CheckKind;
  checkExpr: string;
  checkEquals: string;
  checkSha256: string;
  maxErrorRatio: string;
  visibility: Visibility;
  token: string;
};

export type SubmitFormField = Exclude<
  keyof SubmitFormValues,
  'stackVersions' | 'stackVariants' | 'variantBesideDefault' | 'token'
>;
export type SubmitFormErrors = Partial<Record<SubmitFormField, string>>;

/** The workload's part of the form: what a catalog service's default workload sets. */
export type WorkloadFormValues = Omit<
  SubmitFormValues,
  'source' | 'catalog' | 'file' | 'entry' | 'visibility' | 'token'
>;

export function defaultWorkloadValues(): WorkloadFormValues {
  const d = workloadDefaults;
  return {
    mode: d.mode,
    policy: d.policy,
    selectedStacks: [],
    stackVersions: {},
    stackVariants: {},
    variantBesideDefault: {},
    reference: '',
    hardwareClass: d.hardwareClass,
    loadModel: d.model,
    bound: 'requests',
    connections: String(d.connections),
    requests: String(d.requests),
    durationSeconds: '',
    ratePerSecond: '',
    maxConnections: String(d.maxConnections),
    sloP99Ms: '',
    minSeconds: String(d.minSeconds),
    warmup: String(d.warmupRequests),
    warmupSeconds: String(d.warmupSeconds),
    repetitions: String(d.repetitions),
    keepAlive: d.keepAlive,
    coldStart: false,
    mtom: d.mtom,
    driver: d.driver,
    security: [...d.security],
    operations: [],
    dataset: '',
    checkKind: 'none',
    checkExpr: '',
    checkEquals: '',
    checkSha256: '',
    maxErrorRatio: String(d.maxErrorRatio),
  };
}

export function initialFormValues(token = ''): SubmitFormValues {
  return {
    source: 'catalog',
    catalog: '',
    file: null,
    entry: '',
    ...defaultWorkloadValues(),
    visibility: 'public',
    token,
  };
}

export function isZipFile(file: File | null): boolean {
  return !!file && /\.zip$/i.test(file.name);
}

/** The hardware class the run is queued for; a blank field means the schema's default. */
export function chosenHardwareClass(values: Pick<SubmitFormValues, 'hardwareClass'>): string {
  return values.hardwareClass.trim() || workloadDefaults.hardwareClass;
}

/** The chosen stacks that can run on the workload's class: a disabled checkbox does not count. */
export function runnableSelection(values: SubmitFormValues, stacks: Stack[]): string[] {
  const hardwareClass = chosenHardwareClass(values);
  return values.selectedStacks.filter((id) => {
    const stack = stacks.find((candidate) => candidate.id === id);
    return !stack || !isUnavailable(stack, hardwareClass);
  });
}

/** What the workload names a stack by: its id, with `@version` only for a version other than the default. */
export function stackReference(
  id: string,
  chosenVersion: string | undefined,
  stacks: Stack[],
  chosenVariant?: string,
): string {
  const stack = stacks.find((candidate) => candidate.id === id);
  const version =
    !chosenVersion || !stack || chosenVersion === stack.defaultVersion ? undefined : chosenVersion;
  return workloadStackName(id, version, chosenVariant);
}

/** The variant chosen for a stack, if its manifest still declares it. */
export function chosenVariant(values: WorkloadFormValues, stack: Stack | undefined): string | undefined {
  if (!stack) return undefined;
  const variant = values.stackVariants[stack.id];
  return variant && (stack.variants ?? []).some((declared) => declared.id === variant) ? variant : undefined;
}
