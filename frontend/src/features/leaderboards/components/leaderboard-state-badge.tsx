import { stateLabel } from '@/features/leaderboards/utils/describe-board';
import type { LeaderboardState } from '@/types/api-models';

const tones: Record<LeaderboardState, 'neutral' | 'active' | 'good' | 'muted'> = {
  ranked: 'good',
  measured: 'good',
  measuring: 'active',
  waiting: 'neutral',
  'not-measured': 'muted',
  'no-stack': 'muted',
};

export function LeaderboardStateBadge({ state }: { state: LeaderboardState }) {
  return (
    <span className={`badge badge-${tones[state] ?? 'neutral'}`} data-state={state}>
      {stateLabel(state)}
    </span>
  );
}
