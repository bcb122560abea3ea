import type { RunStatus, StackStatus, StudyRunStatus } from '@/types/api-models';

const tones: Record<RunStatus | StackStatus, 'neutral' | 'active' | 'good' | 'bad' | 'muted'> = {
  queued: 'neutral',
  pending: 'neutral',
  running: 'active',
  cancelling: 'active',
  cancelled: 'muted',
  building: 'active',
  built: 'active',
  measuring: 'active',
  completed: 'good',
  done: 'good',
  unsupported: 'muted',
  build_failed: 'bad',
  verify_failed: 'bad',
  failed: 'bad',
};

export function StatusBadge({ status }: { status: RunStatus | StackStatus | StudyRunStatus }) {
  return <span className={`badge badge-${tones[status] ?? 'neutral'}`}>{status.replace('_', ' ')}</span>;
}
