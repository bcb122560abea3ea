import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getStudyRunQueryOptions } from '@/features/studies/api/get-study-run';
import { ApiError, apiRequest } from '@/lib/api-client';
import { submittedRun } from '@/lib/run-manage-tokens';
import type { StudyRun } from '@/types/api-models';

export function cancelStudyRun(studyRunId: string): Promise<StudyRun> {
  const manageToken = submittedRun(studyRunId)?.manageToken;
  return apiRequest<StudyRun>(`/study-runs/${encodeURIComponent(studyRunId)}/cancel`, {
    method: 'POST',
    headers: manageToken ? { 'X-Run-Manage-Token': manageToken } : undefined,
  });
}

/** Cancels every cell of the study run that has not ended and shows the study run's new state. */
export function useCancelStudyRun(studyRunId: string) {
  const queryClient = useQueryClient();
  return useMutation<StudyRun, ApiError>({
    mutationFn: () => cancelStudyRun(studyRunId),
    onSuccess: (studyRun) => {
      queryClient.setQueryData(getStudyRunQueryOptions(studyRunId).queryKey, studyRun);
      void queryClient.invalidateQueries({ queryKey: ['studies'] });
    },
  });
}
