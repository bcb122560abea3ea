import type { LeaderboardState, LeaderboardWaiting } from '@/types/api-models';

/** A stack's display name from its id (or `id@version`); the id itself until the names load. */
export type StackNames = (stack: string) => string;

const waitingReasons: Record<LeaderboardWaiting['reason'], string> = {
  first: 'its first official run',
  period: 'its periodic re-measurement',
  'stack-version': 'a new version of one of its stacks',
  operator: 'an operator asked',
  retry: 'another try after an attempt that did not finish',
};

/** Why a board was put in line; an official run under way carries the same reason as free text. */
export function describeWaitingReason(reason: string): string {
  return waitingReasons[reason as LeaderboardWaiting['reason']] ?? reason;
}

const stateLabels: Record<LeaderboardState, string> = {
  ranked: 'ranked',
  measured: 'measured',
  measuring: 'measuring',
  waiting: 'waiting',
  'not-measured': 'not measured',
  'no-stack': 'no stack',
};

export function stateLabel(state: LeaderboardState): string {
  return stateLabels[state] ?? state;
}
