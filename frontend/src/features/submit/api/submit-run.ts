import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { rememberSubmittedRun } from '@/lib/run-manage-tokens';
import type { SubmitRunJson, SubmittedRun, Visibility, Workload } from '@/types/api-models';

export type SubmitRunInput =
  | { kind: 'catalog'; catalog: string; workload: Workload; visibility: Visibility }
  | { kind: 'upload'; wsdl: File; entry?: string; workload: Workload; visibility: Visibility };

export function submitRun(input: SubmitRunInput): Promise<SubmittedRun> {
  if (input.kind === 'catalog') {
    const body: SubmitRunJson = {
      catalog: input.catalog,
      workload: input.workload,
      visibility: input.visibility,
    };
    return apiRequest<SubmittedRun>('/runs', { method: 'POST', json: body });
  }
  const form = new FormData();
  form.append('wsdl', input.wsdl, input.wsdl.name);
  if (input.entry) form.append('entry', input.entry);
  form.append('workload', JSON.stringify(input.workload));
  form.append('visibility', input.visibility);
  return apiRequest<SubmittedRun>('/runs', { method: 'POST', form });
}

type SubmitRunMutationOptions = Omit<
  UseMutationOptions<SubmittedRun, ApiError, SubmitRunInput>,
  'mutationFn'
>;

export function useSubmitRun(options: SubmitRunMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation<SubmittedRun, ApiError, SubmitRunInput>({
    ...options,
    mutationFn: submitRun,
    onSuccess: (...args) => {
      const [run] = args;
      rememberSubmittedRun(run.id, run.manageToken);
      void queryClient.invalidateQueries({ queryKey: ['runs', 'list'] });
      return options.onSuccess?.(...args);
    },
  });
}
