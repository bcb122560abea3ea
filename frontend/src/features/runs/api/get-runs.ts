import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RunPage } from '@/types/api-models';

/** What the runs list can be narrowed to (GET /api/v1/runs); empty values are left out. */
export type RunFilters = {
  stack?: string;
  source?: string;
  status?: string;
  project?: string;
  branch?: string;
  from?: string;
  until?: string;
};

export const RUN_FILTER_NAMES = ['stack', 'source', 'status', 'project', 'branch', 'from', 'until'] as const;

type RunsPageParams = { page?: number; size?: number; filters?: RunFilters };

export function getRuns(
  { page = 0, size = 20, filters = {} }: RunsPageParams = {},
  signal?: AbortSignal,
): Promise<RunPage> {
  const query = new URLSearchParams({ page: String(page), size: String(size) });
  for (const name of RUN_FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) query.set(name, value);
  }
  return apiRequest<RunPage>(`/runs?${query}`, { signal });
}

export function getRunsQueryOptions(params: RunsPageParams = {}) {
  return queryOptions({
    queryKey: ['runs', 'list', params],
    queryFn: ({ signal }) => getRuns(params, signal),
  });
}

export function useRuns(params: RunsPageParams = {}) {
  // The previous page stays on screen while the next loads, so the table does not jump.
  return useQuery({
    ...getRunsQueryOptions(params),
    refetchInterval: 15_000,
    placeholderData: keepPreviousData,
  });
}
