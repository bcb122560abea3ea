import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRunQueryOptions } from '@/features/runs/api/get-run';
import { ApiError, apiRequest } from '@/lib/api-client';
import { submittedRun } from '@/lib/run-manage-tokens';
import type { Run } from '@/types/api-models';

export function cancelRun(runId: string): Promise<Run> {
  const manageToken = submittedRun(runId)?.manageToken;
  return apiRequest<Run>(`/runs/${encodeURIComponent(runId)}/cancel`, {
    method: 'POST',
    headers: manageToken ? { 'X-Run-Manage-Token': manageToken } : undefined,
  });
}

/** Cancels the run and shows its new state at once; the live stream brings the rest. */
export function useCancelRun(runId: string, cacheKey: string) {
  const queryClient = useQueryClient();
  return useMutation<Run, ApiError>({
    mutationFn: () => cancelRun(runId),
    onSuccess: (run) => {
      queryClient.setQueryData(getRunQueryOptions(cacheKey).queryKey, run);
      void queryClient.invalidateQueries({ queryKey: ['runs', 'list'] });
    },
  });
}
