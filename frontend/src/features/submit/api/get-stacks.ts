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
    staleTime: 5 * 60_000,
  });
}

export function useStacks() {
  return useQuery(getStacksQueryOptions());
}
