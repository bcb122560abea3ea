import { apiBase } from '@/lib/api-client';
import type { Leaderboard } from '@/types/api-models';

/** The board taken away: its standing as CSV (once it has one), the whole board with its history as JSON. */
export function LeaderboardDownloads({ board }: { board: Leaderboard }) {
  const path = `${apiBase}/leaderboards/${encodeURIComponent(board.id)}`;
  return (
    <section className="card" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">Downloads</h2>
      <ul className="downloads">
        {board.standing ? (
          <li>
            <a href={`${path}?format=csv`} download={`soapbench-leaderboard-${board.id}.csv`}>
              The standing (CSV)
            </a>
          </li>
        ) : null}
        <li>
          <a href={path} download={`soapbench-leaderboard-${board.id}.json`}>
            The board with its history (JSON)
          </a>
        </li>
      </ul>
    </section>
  );
}
