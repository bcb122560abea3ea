import { StatusBadge } from '@/components/ui/status-badge';
import type { RunStatus } from '@/types/api-models';

/**
 * A run's status badge. `words` says more than the status where it differs from it ("completed with
 * failures"), in a warning tone: such a run is not the green "completed" of one that measured every stack.
 */
export function RunStatusBadge({ status, words }: { status: RunStatus; words: string }) {
  if (words === status) return <StatusBadge status={status} />;
  return <StatusBadge status={status} label={words} tone="warning" />;
}
