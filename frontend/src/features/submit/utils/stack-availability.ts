import type { Stack } from '@/types/api-models';
import { workloadDefaults } from '@/features/submit/utils/workload-defaults';

/** The class a workload runs on when it names none (schemas/workload.schema.json). */
export const defaultHardwareClass = workloadDefaults.hardwareClass;

export type StackAvailabilityState =
  { kind: 'available' } | { kind: 'unavailable'; reason: string } | { kind: 'unreported'; message: string };

/** What the live workers of one hardware class said about a stack in their last heartbeats. */
export function availabilityFor(stack: Stack, hardwareClass: string): StackAvailabilityState {
  const reports = stack.availability ?? [];
  const entry = reports.find((candidate) => candidate.hardwareClass === hardwareClass);
  if (entry?.available) return { kind: 'available' };
  if (entry) return { kind: 'unavailable', reason: entry.reason || 'no reason given' };
  return {
    kind: 'unreported',
    message:
      reports.length === 0
        ? 'No worker has reported this stack.'
        : `No worker of class ${hardwareClass} has reported this stack.`,
  };
}

export function isUnavailable(stack: Stack, hardwareClass: string): boolean {
  return availabilityFor(stack, hardwareClass).kind === 'unavailable';
}
