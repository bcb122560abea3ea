import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import { workloadToValues } from '@/features/submit/utils/workload-to-values';
import type { CatalogEntry } from '@/types/api-models';

/**
 * Picking a service fills in its default workload (stacks, load, security…); edits made after that
 * stand until another service is picked. A service without one keeps the form's workload, but not
 * what belonged to the WSDL picked before: its operations and the choice to remove its WS-Policies.
 */
export function pickService(id: string, entries: CatalogEntry[] | undefined): Partial<SubmitFormValues> {
  const entry = entries?.find((candidate) => candidate.id === id);
  if (entry?.defaultWorkload) return { catalog: id, ...workloadToValues(entry.defaultWorkload) };
  return { catalog: id, operations: [], policy: 'keep' };
}
