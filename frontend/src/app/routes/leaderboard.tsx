import { useParams } from 'react-router';
import { useStackNames } from '@/app/hooks/use-stack-names';
import { useLeaderboard } from '@/features/leaderboards/api/get-leaderboard';
import { BoardDefinition } from '@/features/leaderboards/components/board-definition';
import { HistorySection } from '@/features/leaderboards/components/history-section';
import { LeaderboardDownloads } from '@/features/leaderboards/components/leaderboard-downloads';
import { LeaderboardNotFound } from '@/features/leaderboards/components/leaderboard-not-found';
import { OfficialRunStatus } from '@/features/leaderboards/components/official-run-status';
import { StandingSection } from '@/features/leaderboards/components/standing-section';
import { UnverifiedRuns } from '@/features/leaderboards/components/unverified-runs';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError, problemOf } from '@/lib/api-client';
import type { LeaderboardEntry } from '@/types/api-models';

export function LeaderboardRoute() {
  const { board: id = '' } = useParams();
  const board = useLeaderboard(id);
  const stackName = useStackNames();
  useDocumentTitle(
    board.data
      ? `Leaderboard: ${board.data.title}`
      : isApiError(board.error) && board.error.status === 404
        ? 'Leaderboard not found'
        : 'Leaderboard',
  );
  if (board.data) {
    const data = board.data;
    // The standing's own display names first; the stack manifests for stacks it does not list.
    const entries: LeaderboardEntry[] = data.standing?.entries ?? [];
    const nameOf = (stack: string) =>
      entries.find((entry) => entry.stack === stack.split('@')[0])?.displayName ?? stackName(stack);
    return (
      <>
        <h1>Leaderboard: {data.title}</h1>
        <p className="lead">
          {data.security} · {data.hardwareClass} · ranked from official runs only
        </p>
        <BoardDefinition board={data} stackName={nameOf} />
        <OfficialRunStatus board={data} stackName={nameOf} />
        <StandingSection board={data} />
        <HistorySection board={data} stackName={nameOf} />
        <UnverifiedRuns runs={data.unverified} stackName={nameOf} />
        <LeaderboardDownloads board={data} />
      </>
    );
  }
  if (board.isError) {
    if (isApiError(board.error) && board.error.status === 404) return <LeaderboardNotFound id={id} />;
    return <ProblemAlert heading="Could not load the leaderboard" problem={problemOf(board.error)} />;
  }
  return <Loading what="the leaderboard" />;
}
