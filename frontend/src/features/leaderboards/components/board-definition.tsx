import { LeaderboardStateBadge } from '@/features/leaderboards/components/leaderboard-state-badge';
import type { StackNames } from '@/features/leaderboards/utils/describe-board';
import type { Leaderboard } from '@/types/api-models';

/** What the board measures: its service, security mode, hardware class and fixed workload. */
export function BoardDefinition({ board, stackName }: { board: Leaderboard; stackName: StackNames }) {
  return (
    <section className="card" aria-labelledby="definition-heading">
      <h2 id="definition-heading" className="visually-hidden">
        The board
      </h2>
      <p role="status" aria-label="Board state" className="run-status" data-state={board.state}>
        State: <LeaderboardStateBadge state={board.state} />
      </p>
      <dl className="facts">
        <dt>Catalog service</dt>
        <dd>
          <code>{board.catalog}</code>
        </dd>
        <dt>Security mode</dt>
        <dd>{board.security}</dd>
        <dt>Hardware class</dt>
        <dd>{board.hardwareClass}</dd>
        <dt>Stacks</dt>
        <dd>
          {board.claimedBy.length
            ? board.claimedBy.map(stackName).join(', ')
            : 'none implements this service with this security mode yet'}
        </dd>
      </dl>
      <details className="board-workload">
        <summary>The board&apos;s fixed workload (JSON)</summary>
        <pre>{JSON.stringify(board.workload, null, 2)}</pre>
      </details>
    </section>
  );
}
