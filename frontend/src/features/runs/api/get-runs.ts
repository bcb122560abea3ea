import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RunPage } from '@/types/api-models';

type RunsPageParams = { page?: number; size?: number };

export function getRuns(
  { page = 0, size = 20 }: RunsPageParams = {},
  signal?: AbortSignal,
): Promise<RunPage> {
  const query = new URLSearchParams({ page: String(page), size: String(size) });
  return apiRequest<RunPage>(`/runs?${query}`, { signal });
}

export function getRunsQueryOptions(params: RunsPageParams = {}) {
  return queryOptions({
    queryKey: ['runs', 'list', params],
    queryFn: ({ signal }) => getRuns(params, signal),
  });
}

export function useRuns(params: RunsPageParams = {}) {
  return useQuery({ ...getRunsQueryOptions(params), refetchInterval: 15_000 });
}
