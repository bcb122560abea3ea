import type { SubmitRunInput } from '@/features/submit/api/submit-run';
import { buildWorkload } from '@/features/submit/utils/build-workload';
import { isZipFile, type SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import type { Stack } from '@/types/api-models';

/** The entry typed for a zip; a plain WSDL file has none, whatever is left in the field. */
export function chosenEntry(values: Pick<SubmitFormValues, 'file' | 'entry'>): string {
  return isZipFile(values.file) ? values.entry.trim() : '';
}

export function toSubmitInput(values: SubmitFormValues, stacks: Stack[]): SubmitRunInput {
  const workload = buildWorkload(values, stacks);
  if (values.source === 'catalog') {
    return { kind: 'catalog', catalog: values.catalog, workload, visibility: values.visibility };
  }
  if (!values.file) throw new Error('A WSDL file is required for an upload.');
  const entry = chosenEntry(values);
  return {
    kind: 'upload',
    wsdl: values.file,
    ...(entry ? { entry } : {}),
    workload,
    visibility: values.visibility,
  };
}
