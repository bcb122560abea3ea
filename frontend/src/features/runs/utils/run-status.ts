import type { RunStatus } from '@/types/api-models';

export function isRunFinished(status: RunStatus | undefined): boolean {
  return status === 'completed' || status === 'failed';
}
