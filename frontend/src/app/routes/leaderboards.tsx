import { useStackNames } from '@/app/hooks/use-stack-names';
import { LeaderboardIndex } from '@/features/leaderboards/components/leaderboard-index';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function LeaderboardsRoute() {
  const stackName = useStackNames();
  useDocumentTitle('Leaderboards');
  return (
    <>
      <h1>Leaderboards</h1>
      <p className="lead">
        One board per workload, security mode and hardware class. Only official runs are ranked: runs this
        service schedules itself, with the board&apos;s fixed workload and every stack measured interleaved on
        one machine. Users&apos; runs of the same workload are shown beside a board as unverified, never
        ranked.
      </p>
      <LeaderboardIndex stackName={stackName} />
    </>
  );
}
