import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isInteropRunFinished } from '@/features/interop/utils/interop-run-status';
import type { InteropMatrix } from '@/types/api-models';

const pollMillis = 3_000;

export function getInteropMatrix(runId: string, signal?: AbortSignal): Promise<InteropMatrix> {
  return apiRequest<InteropMatrix>(`/interop/${encodeURIComponent(runId)}`, { signal });
}

export function getInteropMatrixQueryOptions(runId: string) {
  return queryOptions({
    queryKey: ['interop', 'detail', runId],
    queryFn: ({ signal }) => getInteropMatrix(runId, signal),
  });
}

// The matrix has no event stream: it is polled until the run has ended.
export function useInteropMatrix(runId: string) {
  return useQuery({
    ...getInteropMatrixQueryOptions(runId),
    refetchInterval: (query) => (isInteropRunFinished(query.state.data?.run.status) ? false : pollMillis),
  });
}
