import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { getStudyRunQueryOptions } from '@/features/studies/api/get-study-run';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { StudyRun } from '@/types/api-models';

export function startStudy(studyId: string): Promise<StudyRun> {
  return apiRequest<StudyRun>(`/studies/${encodeURIComponent(studyId)}/runs`, { method: 'POST', json: {} });
}

type StartStudyMutationOptions = Omit<UseMutationOptions<StudyRun, ApiError, string>, 'mutationFn'>;

export function useStartStudy(options: StartStudyMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation<StudyRun, ApiError, string>({
    ...options,
    mutationFn: startStudy,
    onSuccess: (studyRun, ...rest) => {
      queryClient.setQueryData(getStudyRunQueryOptions(studyRun.id).queryKey, studyRun);
      void queryClient.invalidateQueries({ queryKey: ['studies'] });
      return options.onSuccess?.(studyRun, ...rest);
    },
  });
}
