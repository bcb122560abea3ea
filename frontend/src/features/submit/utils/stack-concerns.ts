import { joinNames } from '@/features/submit/utils/native-driver';
import { securityAt } from '@/features/submit/utils/stack-security';
import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import type { Analysis, KnownDefect, Stack } from '@/types/api-models';

export type AnalysedStack = NonNullable<Analysis['stacks']>[number];

/** What an analysis said of one stack, if it said anything. */
export function analysedStack(analysis: Analysis | undefined, id: string): AnalysedStack | undefined {
  return analysis?.stacks?.find((entry) => entry.id === id);
}

/** `Apache Axis2: known defect date-without-zone — ADB writes … — it will likely fail verification` */
export function defectWarning(stackName: string, defect: KnownDefect): string {
  return `${stackName}: known defect ${defect.feature} — ${defect.reason} — it will likely fail verification`;
}

export type StackConcerns = {
  /** Chosen security modes the stack's manifest does not claim. */
  security?: string;
  /** The native driver is chosen and the stack has no native client. */
  native?: string;
  /** What the analysis of the chosen WSDL found for it. */
  analysis?: string;
};

/** Why a stack will not measure all of this workload, in one sentence each, beside its checkbox. */
export function stackConcerns(
  stack: Stack,
  values: Pick<SubmitFormValues, 'security' | 'driver' | 'stackVersions'>,
  analysis: Analysis | undefined,
): StackConcerns {
  const concerns: StackConcerns = {};
  // A manifest that names no modes says nothing either way.
  const version = values.stackVersions[stack.id] ?? stack.defaultVersion;
  const claimed = securityAt(stack, version);
  const missing = claimed ? values.security.filter((mode) => !claimed.includes(mode)) : [];
  // Modes the stack claims but the chosen version does not honour are that version's limit.
  const byVersion = missing.some((mode) => stack.features?.security?.includes(mode));
  if (missing.length > 0)
    concerns.security = `Cannot measure ${joinNames(missing)}: ${missing.length === 1 ? 'that mode is' : 'those modes are'} not among its security modes${byVersion ? ` at ${version}` : ''}, so ${missing.length === 1 ? 'that cell stays' : 'those cells stay'} empty for it.`;
  if (values.driver === 'native' && !stack.features?.nativeClient)
    concerns.native = 'Has no native client: the native driver cannot measure it.';
  const analysed = analysedStack(analysis, stack.id);
  if (analysed?.buildable === false) {
    concerns.analysis = `Cannot build this WSDL${analysed.reason ? `: ${analysed.reason}` : '.'}`;
  } else if (analysed?.knownDefects?.length) {
    const features = analysed.knownDefects.map((defect) => defect.feature);
    concerns.analysis = `This WSDL uses ${joinNames(features)}, a known defect of this stack: it will likely fail verification.`;
  }
  return concerns;
}
