import { queryOptions, useQuery } from '@tanstack/react-query';
import { indexRefetchMillis } from '@/features/leaderboards/utils/leaderboard-refresh';
import { apiRequest } from '@/lib/api-client';
import type { Leaderboards } from '@/types/api-models';

export function getLeaderboards(signal?: AbortSignal): Promise<Leaderboards> {
  return apiRequest<Leaderboards>('/leaderboards', { signal });
}

export function getLeaderboardsQueryOptions() {
  return queryOptions({
    queryKey: ['leaderboards', 'list'],
    queryFn: ({ signal }) => getLeaderboards(signal),
  });
}

// Polled only while an official run is under way or asked for; a settled index does not change by itself.
export function useLeaderboards() {
  return useQuery({
    ...getLeaderboardsQueryOptions(),
    refetchInterval: (query) => indexRefetchMillis(query.state.data),
  });
}
