import type { StudyRunStatus } from '@/types/api-models';

export function isStudyRunFinished(status: StudyRunStatus | undefined): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
