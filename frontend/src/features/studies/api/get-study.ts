import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { StudyDetail } from '@/types/api-models';

export function getStudy(id: string, signal?: AbortSignal): Promise<StudyDetail> {
  return apiRequest<StudyDetail>(`/studies/${encodeURIComponent(id)}`, { signal });
}

export function getStudyQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['studies', 'detail', id],
    queryFn: ({ signal }) => getStudy(id, signal),
  });
}

export function useStudy(id: string) {
  return useQuery({ ...getStudyQueryOptions(id), enabled: id !== '' });
}
