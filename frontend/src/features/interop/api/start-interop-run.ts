import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { rememberSubmittedRun } from '@/lib/run-manage-tokens';
import type { SubmitRunJson, SubmittedRun, Visibility, Workload } from '@/types/api-models';

export type InteropRunInput =
  | { kind: 'catalog'; catalog: string; workload: Workload; visibility: Visibility }
  | { kind: 'upload'; wsdl: File; workload: Workload; visibility: Visibility };

// POST /interop sets the workload's mode itself; the body is the same as POST /runs'.
export function startInteropRun(input: InteropRunInput): Promise<SubmittedRun> {
  if (input.kind === 'catalog') {
    const body: SubmitRunJson = {
      catalog: input.catalog,
      workload: input.workload,
      visibility: input.visibility,
    };
    return apiRequest<SubmittedRun>('/interop', { method: 'POST', json: body });
  }
  const form = new FormData();
  form.append('wsdl', input.wsdl, input.wsdl.name);
  form.append('workload', JSON.stringify(input.workload));
  form.append('visibility', input.visibility);
  return apiRequest<SubmittedRun>('/interop', { method: 'POST', form });
}

type StartInteropRunOptions = Omit<UseMutationOptions<SubmittedRun, ApiError, InteropRunInput>, 'mutationFn'>;

export function useStartInteropRun(options: StartInteropRunOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation<SubmittedRun, ApiError, InteropRunInput>({
    ...options,
    mutationFn: startInteropRun,
    onSuccess: (...args) => {
      const [run] = args;
      rememberSubmittedRun(run.id, run.manageToken);
      void queryClient.invalidateQueries({ queryKey: ['interop', 'list'] });
      return options.onSuccess?.(...args);
    },
  });
}
