import { Link } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { useLeaderboards } from '@/features/leaderboards/api/get-leaderboards';
import { LeaderboardProgress } from '@/features/leaderboards/components/leaderboard-progress';
import { LeaderboardStateBadge } from '@/features/leaderboards/components/leaderboard-state-badge';
import {
  boardAt,
  boardName,
  groupByWorkload,
  type WorkloadBoards,
} from '@/features/leaderboards/utils/board-grid';
import type { StackNames } from '@/features/leaderboards/utils/describe-board';
import { problemOf } from '@/lib/api-client';
import { formatDate, formatPercent, formatRate } from '@/lib/format';
import type { LeaderboardLine, MedianInterval } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';

/** Every board, grouped by workload: one table per workload, security modes down, hardware classes across. */
export function LeaderboardIndex({ stackName }: { stackName: StackNames }) {
  const index = useLeaderboards();
  if (index.isPending) return <Loading what="the leaderboards" />;
  if (index.isError)
    return <ProblemAlert heading="Could not load the leaderboards" problem={problemOf(index.error)} />;
  const groups = groupByWorkload(index.data.boards);
  return (
    <>
      <LeaderboardProgress progress={index.data.progress} boards={index.data.boards} />
      {groups.length === 0 ? <p className="muted">No leaderboards are defined.</p> : null}
      {groups.map((group) => (
        <WorkloadSection key={group.workloadId} group={group} stackName={stackName} />
      ))}
    </>
  );
}

function WorkloadSection({ group, stackName }: { group: WorkloadBoards; stackName: StackNames }) {
  const headingId = `workload-${group.workloadId}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{group.title}</h2>
      <p className="muted small">
        Catalog service <code>{group.catalog}</code> · workload <code>{group.workloadId}</code>
      </p>
      <TableScroll label="Leaderboards">
        <table className="data-table board-grid">
          <caption className="visually-hidden">
            Boards of {group.title}: security modes down, hardware classes across
          </caption>
          <thead>
            <tr>
              <th scope="col">Security mode</th>
              {group.hardwareClasses.map((hardwareClass) => (
                <th key={hardwareClass} scope="col">
                  Hardware class {hardwareClass}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {group.securities.map((security) => (
              <tr key={security}>
                <th scope="row">{security}</th>
                {group.hardwareClasses.map((hardwareClass) => {
                  const board = boardAt(group, security, hardwareClass);
                  return board ? (
                    <BoardCell key={hardwareClass} board={board} stackName={stackName} />
                  ) : (
                    <td key={hardwareClass} className="muted">
                      no board
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** `67,921 req/s (95 % CI 66,800–68,400, 8 repetitions)`: a rate never without its interval. */
function describeLeaderRate(rate: MedianInterval): string {
  const coverage = rate.approximate ? `${formatPercent(rate.coverage, 0)} CI` : '95 % CI';
  return `${formatRate(rate.median)} req/s (${coverage} ${formatRate(rate.low)}–${formatRate(rate.high)}, ${rate.n} repetitions)`;
}

function describeLeader(leader: string, stackName: StackNames): string {
  const [, version] = leader.split('@');
  return version ? `${stackName(leader)} ${version}` : stackName(leader);
}

function BoardCell({ board, stackName }: { board: LeaderboardLine; stackName: StackNames }) {
  return (
    <td className="board-cell" data-board={board.id}>
      <p className="board-cell-head">
        <LeaderboardStateBadge state={board.state} />
        <Link
          to={`/leaderboards/${encodeURIComponent(board.id)}`}
          aria-label={`Open board: ${boardName(board)}`}
        >
          Open board
        </Link>
      </p>
      {board.leader ? (
        <p>
          Leader: <strong>{board.leaderName ?? describeLeader(board.leader, stackName)}</strong>
          {board.leaderThroughput ? `, ${describeLeaderRate(board.leaderThroughput)}` : ''}
        </p>
      ) : null}
      {board.measuredAt ? <p className="small">Measured {formatDate(board.measuredAt)}</p> : null}
      <p className="muted small">{board.stateText}</p>
    </td>
  );
}
