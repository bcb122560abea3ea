import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRunFinished } from '@/features/runs/utils/run-status';
import { apiRequest } from '@/lib/api-client';
import type { Run } from '@/types/api-models';

export function getRun(idOrSlug: string, signal?: AbortSignal): Promise<Run> {
  return apiRequest<Run>(`/runs/${encodeURIComponent(idOrSlug)}`, { signal });
}

export function getRunQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: ['runs', 'detail', idOrSlug],
    queryFn: ({ signal }) => getRun(idOrSlug, signal),
  });
}

type UseRunOptions = {
  // How often to poll while the run is still going; polling stops once it completes or fails.
  pollMillis?: number | false;
};

export function useRun(idOrSlug: string, { pollMillis = false }: UseRunOptions = {}) {
  return useQuery({
    ...getRunQueryOptions(idOrSlug),
    refetchInterval: (query) => (isRunFinished(query.state.data?.status) ? false : pollMillis),
  });
}
