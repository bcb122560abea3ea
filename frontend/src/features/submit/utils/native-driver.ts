import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import type { Stack } from '@/types/api-models';

/**
 * Why the native driver (each stack's own generated client) cannot take this workload, or nothing
 * when it can: the client only sends a fixed count of requests back to back over kept-alive
 * connections, and only stacks whose manifest declares one have it; with MTOM, only those whose
 * client also sends XOP packages (features.nativeClientMtom, docs/workload.md#mtom).
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
  if (values.mtom) {
    const inline = values.selectedStacks
      .map((id) => stacks.find((stack) => stack.id === id))
      .filter(
        (stack): stack is Stack =>
          !!stack && !!stack.features?.nativeClient && !stack.features.nativeClientMtom,
      )
      .map((stack) => stack.displayName);
    if (inline.length === 1) blockers.push(`the client of ${inline[0]} does not send MTOM`);
    if (inline.length > 1) blockers.push(`the clients of ${joinNames(inline)} do not send MTOM`);
  }
  return blockers;
}

export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
