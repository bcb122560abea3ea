import type { SubmitRunInput } from '@/features/submit/api/submit-run';
import { defaultHardwareClass, isUnavailable } from '@/features/submit/utils/stack-availability';
import type { Stack, Visibility, Workload } from '@/types/api-models';

export type SourceKind = 'catalog' | 'upload';

export type SubmitFormValues = {
  source: SourceKind;
  catalog: string;
  file: File | null;
  entry: string;
  selectedStacks: string[];
  stackVersions: Record<string, string>;
  connections: string;
  requests: string;
  warmup: string;
  repetitions: string;
  visibility: Visibility;
  token: string;
};

export type SubmitFormField = Exclude<keyof SubmitFormValues, 'stackVersions' | 'token'>;
export type SubmitFormErrors = Partial<Record<SubmitFormField, string>>;

// The schema's defaults. 6 rounds are the fewest whose paired verdict reaches 95 %; 8 also find a
// 10 % difference 19 times in 20 (docs/statistics.md).
export const defaultLoad = { connections: 25, requests: 2000, warmup: 500, repetitions: 8 } as const;

export function initialFormValues(token = ''): SubmitFormValues {
  return {
    source: 'catalog',
    catalog: '',
    file: null,
    entry: '',
    selectedStacks: [],
    stackVersions: {},
    connections: String(defaultLoad.connections),
    requests: String(defaultLoad.requests),
    warmup: String(defaultLoad.warmup),
    repetitions: String(defaultLoad.repetitions),
    visibility: 'public',
    token,
  };
}

const wsdlFilePattern = /\.(wsdl|xml|zip)$/i;

export function isZipFile(file: File | null): boolean {
  return !!file && /\.zip$/i.test(file.name);
}

function checkInteger(raw: string, label: string, min: number, max: number): string | undefined {
  const trimmed = raw.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(value) || value < min || value > max) {
    return `${label} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`;
  }
  return undefined;
}

/** The chosen stacks that can run on the workload's class: a disabled checkbox does not count. */
export function runnableSelection(values: SubmitFormValues, stacks: Stack[]): string[] {
  return values.selectedStacks.filter((id) => {
    const stack = stacks.find((candidate) => candidate.id === id);
    return !stack || !isUnavailable(stack, defaultHardwareClass);
  });
}

export function validateSubmitForm(values: SubmitFormValues, stacks: Stack[] = []): SubmitFormErrors {
  const errors: SubmitFormErrors = {};
  if (values.source === 'catalog' && !values.catalog) errors.catalog = 'Pick a catalog service.';
  if (values.source === 'upload') {
    if (!values.file) errors.file = 'Choose a WSDL file (.wsdl, .xml or .zip).';
    else if (!wsdlFilePattern.test(values.file.name))
      errors.file = `"${values.file.name}" is not a .wsdl, .xml or .zip file.`;
    else if (values.file.size === 0) errors.file = `"${values.file.name}" is empty.`;
  }
  if (runnableSelection(values, stacks).length === 0) errors.selectedStacks = 'Select at least one stack.';
  const checks: [SubmitFormField, string, string, number, number][] = [
    ['connections', values.connections, 'Connections', 1, 1000],
    ['requests', values.requests, 'Requests', 1, 10_000_000],
    ['warmup', values.warmup, 'Warm-up requests', 0, 10_000_000],
    ['repetitions', values.repetitions, 'Repetitions', 1, 50],
  ];
  for (const [field, raw, label, min, max] of checks) {
    const message = checkInteger(raw, label, min, max);
    if (message) errors[field] = message;
  }
  // The backend refuses a private run without a token (400): say so before sending it.
  if (values.visibility === 'private' && !values.token.trim())
    errors.visibility = 'A private run needs an API token: enter yours below, or choose Unlisted.';
  return errors;
}

function stackReference(id: string, chosenVersion: string | undefined, stacks: Stack[]): string {
  const stack = stacks.find((candidate) => candidate.id === id);
  if (!chosenVersion || !stack || chosenVersion === stack.defaultVersion) return id;
  return `${id}@${chosenVersion}`;
}

export function buildWorkload(values: SubmitFormValues, stacks: Stack[]): Workload {
  // Keep the order of the stacks list so the same selection always gives the same workload.
  const selected = runnableSelection(values, stacks);
  const ordered = stacks.map((stack) => stack.id).filter((id) => selected.includes(id));
  return {
    stacks: ordered.map((id) => stackReference(id, values.stackVersions[id], stacks)),
    load: {
      model: 'closed',
      connections: Number(values.connections),
      requests: Number(values.requests),
    },
    warmup: { requests: Number(values.warmup) },
    repetitions: Number(values.repetitions),
  };
}

export function toSubmitInput(values: SubmitFormValues, stacks: Stack[]): SubmitRunInput {
  const workload = buildWorkload(values, stacks);
  if (values.source === 'catalog') {
    return { kind: 'catalog', catalog: values.catalog, workload, visibility: values.visibility };
  }
  if (!values.file) throw new Error('A WSDL file is required for an upload.');
  const entry = isZipFile(values.file) ? values.entry.trim() : '';
  return {
    kind: 'upload',
    wsdl: values.file,
    ...(entry ? { entry } : {}),
    workload,
    visibility: values.visibility,
  };
}
