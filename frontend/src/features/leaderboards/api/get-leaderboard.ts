import { queryOptions, useQuery } from '@tanstack/react-query';
import { boardRefetchMillis } from '@/features/leaderboards/utils/leaderboard-refresh';
import { apiRequest } from '@/lib/api-client';
import type { Leaderboard } from '@/types/api-models';

export function getLeaderboard(id: string, signal?: AbortSignal): Promise<Leaderboard> {
  return apiRequest<Leaderboard>(`/leaderboards/${encodeURIComponent(id)}`, { signal });
}

export function getLeaderboardQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['leaderboards', 'detail', id],
    queryFn: ({ signal }) => getLeaderboard(id, signal),
  });
}

// Polled while the board's official run is under way or waits for a worker, until its standing is in.
export function useLeaderboard(id: string) {
  return useQuery({
    ...getLeaderboardQueryOptions(id),
    refetchInterval: (query) => boardRefetchMillis(query.state.data),
  });
}
