import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { StudyListItem } from '@/types/api-models';

export function getStudies(signal?: AbortSignal): Promise<StudyListItem[]> {
  return apiRequest<StudyListItem[]>('/studies', { signal });
}

export function getStudiesQueryOptions() {
  return queryOptions({
    queryKey: ['studies', 'list'],
    queryFn: ({ signal }) => getStudies(signal),
  });
}

export function useStudies() {
  return useQuery(getStudiesQueryOptions());
}
