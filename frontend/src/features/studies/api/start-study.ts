import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { getStudyRunQueryOptions } from '@/features/studies/api/get-study-run';
import { ApiError, apiRequest } from '@/lib/api-client';
import { rememberSubmittedRun } from '@/lib/run-manage-tokens';
import type { StartedStudyRun, StudyRun } from '@/types/api-models';

export type StartStudyInput = {
  studyId: string;
  /** Overrides the study's own repetitions; left out, every method keeps its own. */
  repetitions?: number;
  /** One of the study's probes, run instead of the study itself. */
  probe?: string;
};

export function startStudy({ studyId, repetitions, probe }: StartStudyInput): Promise<StartedStudyRun> {
  return apiRequest<StartedStudyRun>(`/studies/${encodeURIComponent(studyId)}/runs`, {
    method: 'POST',
    json: {
      ...(repetitions === undefined ? {} : { repetitions }),
      ...(probe === undefined ? {} : { probe }),
    },
  });
}

type StartStudyMutationOptions = Omit<UseMutationOptions<StudyRun, ApiError, StartStudyInput>, 'mutationFn'>;

export function useStartStudy(options: StartStudyMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation<StudyRun, ApiError, StartStudyInput>({
    ...options,
    mutationFn: startStudy,
    onSuccess: (studyRun, ...rest) => {
      // This browser may cancel the study run it started (study run ids are UUIDs, as run ids are).
      rememberSubmittedRun(studyRun.id, (studyRun as StartedStudyRun).manageToken);
      queryClient.setQueryData(getStudyRunQueryOptions(studyRun.id).queryKey, studyRun);
      void queryClient.invalidateQueries({ queryKey: ['studies'] });
      return options.onSuccess?.(studyRun, ...rest);
    },
  });
}
