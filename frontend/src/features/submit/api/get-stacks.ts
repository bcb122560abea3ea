import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Stack } from '@/types/api-models';

export function getStacks(signal?: AbortSignal): Promise<Stack[]> {
  return apiRequest<Stack[]>('/stacks', { signal });
}

export function getStacksQueryOptions() {
  return queryOptions({
    queryKey: ['stacks'],
    queryFn: ({ signal }) => getStacks(signal),
    // Availability comes from worker heartbeats, so it is refreshed while the form is open.
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}

export function useStacks() {
  return useQuery(getStacksQueryOptions());
}
