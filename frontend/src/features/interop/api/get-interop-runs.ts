import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { InteropRunSummary } from '@/types/api-models';

export function getInteropRuns(limit: number, signal?: AbortSignal): Promise<InteropRunSummary[]> {
  return apiRequest<{ runs: InteropRunSummary[] }>(`/interop?limit=${limit}`, { signal }).then(
    (answer) => answer.runs,
  );
}

export function getInteropRunsQueryOptions(limit = 20) {
  return queryOptions({
    queryKey: ['interop', 'list', limit],
    queryFn: ({ signal }) => getInteropRuns(limit, signal),
    refetchInterval: 10_000,
  });
}

export function useInteropRuns(limit = 20) {
  return useQuery(getInteropRunsQueryOptions(limit));
}
