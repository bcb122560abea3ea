import type { RunEventsState } from '@/features/runs/api/use-run-events';

const texts: Record<RunEventsState, string> = {
  open: 'Live updates connected',
  connecting: 'Connecting to live updates; polling meanwhile',
  closed: 'Live updates unavailable; polling every 2 s',
  unsupported: 'Polling every 2 s',
};

export function LiveIndicator({ state }: { state: RunEventsState }) {
  return <p className={`live-indicator live-${state}`}>{texts[state]}</p>;
}
