import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { StudyEstimate } from '@/types/api-models';

export function getStudyEstimate(
  studyId: string,
  repetitions: number | undefined,
  probe: string | undefined,
  signal?: AbortSignal,
): Promise<StudyEstimate> {
  const params = new URLSearchParams();
  if (repetitions !== undefined) params.set('repetitions', String(repetitions));
  if (probe !== undefined) params.set('probe', probe);
  const query = params.size === 0 ? '' : `?${params.toString()}`;
  return apiRequest<StudyEstimate>(`/studies/${encodeURIComponent(studyId)}/estimate${query}`, { signal });
}

/**
 * The runs a study would create and the worker time they take, for the repetitions about to be
 * sent (undefined: the study's own). Asked only while `enabled`, i.e. while the start is being confirmed.
 */
export function useStudyEstimate(
  studyId: string,
  repetitions: number | undefined,
  enabled: boolean,
  probe?: string,
) {
  return useQuery({
    queryKey: ['study-estimate', studyId, repetitions ?? null, probe ?? null],
    queryFn: ({ signal }) => getStudyEstimate(studyId, repetitions, probe, signal),
    enabled,
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
