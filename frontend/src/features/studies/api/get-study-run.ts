import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isStudyRunFinished } from '@/features/studies/utils/study-run-status';
import type { StudyRun } from '@/types/api-models';

const pollMillis = 3_000;

export function getStudyRun(id: string, signal?: AbortSignal): Promise<StudyRun> {
  return apiRequest<StudyRun>(`/study-runs/${encodeURIComponent(id)}`, { signal });
}

export function getStudyRunQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['study-runs', 'detail', id],
    queryFn: ({ signal }) => getStudyRun(id, signal),
  });
}

// A study run has no event stream: it is polled until every cell it sent has finished.
export function useStudyRun(id: string) {
  return useQuery({
    ...getStudyRunQueryOptions(id),
    refetchInterval: (query) => (isStudyRunFinished(query.state.data?.status) ? false : pollMillis),
  });
}
