import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import type { Stack } from '@/types/api-models';

/**
 * Why the native driver (each stack's own generated client) cannot take this workload, or nothing
 * when it can: the client only sends a fixed count of requests back to back over kept-alive
 * connections, and only stacks whose manifest declares one have it (docs/workload.md).
 */
export function nativeDriverBlockers(values: SubmitFormValues, stacks: Stack[]): string[] {
  const blockers: string[] = [];
  if (values.loadModel !== 'closed') blockers.push('it needs the closed load model');
  else if (values.bound !== 'requests') blockers.push('it needs a request count, not a duration');
  if (!values.keepAlive) blockers.push('it needs keep-alive on');
  if (values.checkKind !== 'none') blockers.push('it cannot apply a content check');
  const without = values.selectedStacks
    .map((id) => stacks.find((stack) => stack.id === id))
    .filter((stack): stack is Stack => !!stack && !stack.features?.nativeClient)
    .map((stack) => stack.displayName);
  if (without.length === 1) blockers.push(`${without[0]} has no native client`);
  if (without.length > 1) blockers.push(`${joinNames(without)} have no native client`);
  return blockers;
}

export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
