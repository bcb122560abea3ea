import { nativeDriverBlockers } from '@/features/submit/utils/native-driver';
import {
  runnableSelection,
  type SubmitFormErrors,
  type SubmitFormField,
  type SubmitFormValues,
} from '@/features/submit/utils/submit-form-values';
import { bounds, patterns, type NumberBounds } from '@/features/submit/utils/workload-defaults';
import type { Stack } from '@/types/api-models';

function formatBound(value: number): string {
  return value.toLocaleString('en-US');
}

/** The schema's bounds in words, e.g. "a whole number from 1 to 1,000", "a number above 0 and at most 3,600". */
export function describeBounds({ min, max, integer, aboveMin }: NumberBounds): string {
  const kind = integer ? 'a whole number' : 'a number';
  if (aboveMin) return `${kind} above ${formatBound(min)} and at most ${formatBound(max)}`;
  if (max === Number.MAX_SAFE_INTEGER) return `${kind} of at least ${formatBound(min)}`;
  return `${kind} from ${formatBound(min)} to ${formatBound(max)}`;
}

export function checkNumber(raw: string, label: string, numberBounds: NumberBounds): string | undefined {
  const trimmed = raw.trim();
  const value = Number(trimmed);
  const { min, max, integer, aboveMin } = numberBounds;
  const fits =
    trimmed !== '' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (aboveMin ? value > min : value >= min) &&
    value <= max;
  return fits ? undefined : `${label} must be ${describeBounds(numberBounds)}.`;
}

/** The fields of the workload that are shown for the chosen mode and load model, with the bounds they must meet. */
function numberChecks(values: SubmitFormValues): [SubmitFormField, string, NumberBounds][] {
  const checks: [SubmitFormField, string, NumberBounds][] = [];
  if (values.checkKind === 'xpathCount')
    checks.push(['checkEquals', 'The expected count', bounds.checkEquals]);
  checks.push(['maxErrorRatio', 'Max error ratio', bounds.maxErrorRatio]);
  // A compatibility check sends no load: its fields are neither sent nor checked.
  if (values.mode === 'check') return checks;
  const model = values.loadModel;
  if (model === 'closed') checks.push(['connections', 'Connections', bounds.connections]);
  if (model === 'open') checks.push(['ratePerSecond', 'Requests per second', bounds.ratePerSecond]);
  if (model === 'capacity') {
    checks.push(['sloP99Ms', 'The p99 objective', bounds.sloP99Ms]);
    if (values.ratePerSecond.trim()) checks.push(['ratePerSecond', 'The first rate', bounds.ratePerSecond]);
    if (values.durationSeconds.trim())
      checks.push(['durationSeconds', 'The step length', bounds.durationSeconds]);
  }
  if (model !== 'closed') checks.push(['maxConnections', 'Max connections', bounds.maxConnections]);
  if (model !== 'capacity') {
    if (values.bound === 'requests') checks.push(['requests', 'Requests', bounds.requests]);
    else checks.push(['durationSeconds', 'Duration', bounds.durationSeconds]);
    checks.push(['minSeconds', 'Minimum seconds', bounds.minSeconds]);
  }
  checks.push(
    ['warmup', 'Warm-up requests', bounds.warmupRequests],
    ['warmupSeconds', 'Warm-up seconds', bounds.warmupSeconds],
    ['repetitions', 'Repetitions', bounds.repetitions],
  );
  return checks;
}

function validateSource(values: SubmitFormValues, errors: SubmitFormErrors) {
  if (values.source === 'catalog' && !values.catalog) errors.catalog = 'Pick a catalog service.';
  if (values.source === 'upload') {
    const message = values.file ? checkWsdlFile(values.file) : 'Choose a WSDL file (.wsdl, .xml or .zip).';
    if (message) errors.file = message;
  }
}

/**
 * Why a picked file cannot be a WSDL upload, or undefined when it can. Its name says nothing: the
 * service reads the content and says precisely what else it is.
 */
export function checkWsdlFile(file: File): string | undefined {
  if (file.size === 0) return `"${file.name}" is empty.`;
  return undefined;
}

/** The workload's own faults: what the estimate and the copied commands need to be right. */
export function validateWorkloadFields(values: SubmitFormValues, stacks: Stack[] = []): SubmitFormErrors {
  const errors: SubmitFormErrors = {};
  if (runnableSelection(values, stacks).length === 0) errors.selectedStacks = 'Select at least one stack.';
  for (const [field, label, numberBounds] of numberChecks(values)) {
    const message = checkNumber(values[field] as string, label, numberBounds);
    if (message) errors[field] = message;
  }
  if (values.security.length === 0) errors.security = 'Choose at least one security mode.';
  const secured = values.security.filter((mode) => mode !== 'plain');
  // The backend's rule (SecuredCells): the neutral driver's requests carry no WS-Security.
  if (secured.length > 0 && values.mode === 'measure' && values.driver !== 'native')
    errors.security = `Security mode ${secured.join(', ')} is measured with each stack's own client: choose the native driver, or run a compatibility check.`;
  else if (secured.length > 0 && values.mtom)
    errors.security = `MTOM cannot be combined with security mode ${secured.join(', ')}: secured requests are verified without XOP packages.`;
  if (values.mode === 'measure' && values.driver === 'native') {
    const blockers = nativeDriverBlockers(values, stacks);
    if (blockers.length > 0)
      errors.driver = `The native client cannot measure this workload: ${blockers.join('; ')}.`;
  }
  const dataset = values.dataset.trim();
  if (values.mode === 'measure' && dataset && !patterns.dataset.test(dataset))
    errors.dataset =
      'A dataset is a folder under datasets/, e.g. echo/1kb: lower-case letters, digits and dashes.';
  const hardwareClass = values.hardwareClass.trim();
  if (hardwareClass && !patterns.hardwareClass.test(hardwareClass))
    errors.hardwareClass =
      'A hardware class is lower-case letters, digits and dashes, e.g. local or c5-large.';
  if (values.checkKind === 'xpathCount' && !patterns.xpath.test(values.checkExpr.trim()))
    errors.checkExpr = 'The path must be absolute: it starts with / (e.g. //line).';
  if (values.checkKind === 'bodySha256' && !patterns.sha256.test(values.checkSha256.trim()))
    errors.checkSha256 = 'A SHA-256 is 64 hexadecimal digits (benchtool digest FILE prints it).';
  return errors;
}

export function validateSubmitForm(values: SubmitFormValues, stacks: Stack[] = []): SubmitFormErrors {
  const errors: SubmitFormErrors = {};
  validateSource(values, errors);
  Object.assign(errors, validateWorkloadFields(values, stacks));
  // The backend refuses a private run without a token (400): say so before sending it.
  if (values.visibility === 'private' && !values.token.trim())
    errors.visibility = 'A private run needs an API token: enter yours below, or choose Unlisted.';
  return errors;
}
