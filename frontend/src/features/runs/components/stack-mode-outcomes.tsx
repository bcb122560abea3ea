import { StatusBadge } from '@/components/ui/status-badge';
import { describeStackStatus } from '@/features/runs/utils/run-status';
import type { RunStack } from '@/types/api-models';

type ModeOutcome = NonNullable<RunStack['modes']>[number];

/** A mode's outcome: `verified` in the tone of a success, or its failure as a stack's would read. */
export function ModeOutcomeBadge({ mode }: { mode: ModeOutcome }) {
  return mode.status === 'verified' ? (
    <StatusBadge status={mode.status} tone="good" label="verified" />
  ) : (
    <StatusBadge status={mode.status} label={describeStackStatus(mode.status)} />
  );
}

/**
 * Each security mode's own outcome, for a stack run in more than one: its status keeps the first
 * failure of any mode, so without these a stack refused in sign would read as failed in plain too.
 */
export function StackModeOutcomes({ stack }: { stack: RunStack }) {
  const modes = stack.modes ?? [];
  if (modes.length < 2) return null;
  return (
    <ul className="stack-modes" aria-label={`Security modes of ${stack.displayName || stack.id}`}>
      {modes.map((mode) => (
        <li key={mode.security}>
          <span className="stack-mode-name">{mode.security}</span>
          <ModeOutcomeBadge mode={mode} />
          {mode.reason ? <span className="stack-reason">{mode.reason}</span> : null}
        </li>
      ))}
    </ul>
  );
}
