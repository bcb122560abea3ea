import type { RunStatus, StackStatus, StudyRunStatus } from '@/types/api-models';

export type BadgeTone = 'neutral' | 'active' | 'good' | 'warning' | 'bad' | 'muted';

const tones: Record<RunStatus | StackStatus, BadgeTone> = {
  queued: 'neutral',
  pending: 'neutral',
  running: 'active',
  cancelling: 'active',
  cancelled: 'muted',
  building: 'active',
  built: 'active',
  verified: 'active',
  measuring: 'active',
  completed: 'good',
  done: 'good',
  unsupported: 'muted',
  build_failed: 'bad',
  verify_failed: 'bad',
  failed: 'bad',
};

type StatusBadgeProps = {
  status: RunStatus | StackStatus | StudyRunStatus;
  // Words that say more than the status alone, e.g. "completed with failures", in their own tone.
  label?: string;
  tone?: BadgeTone;
};

export function StatusBadge({ status, label, tone }: StatusBadgeProps) {
  return (
    <span className={`badge badge-${tone ?? tones[status] ?? 'neutral'}`}>
      {label ?? status.replace('_', ' ')}
    </span>
  );
}
