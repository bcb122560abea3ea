import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { CatalogEntry } from '@/types/api-models';

export function getCatalog(signal?: AbortSignal): Promise<CatalogEntry[]> {
  return apiRequest<CatalogEntry[]>('/catalog', { signal });
}

export function getCatalogQueryOptions() {
  return queryOptions({
    queryKey: ['catalog'],
    queryFn: ({ signal }) => getCatalog(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCatalog() {
  return useQuery(getCatalogQueryOptions());
}
