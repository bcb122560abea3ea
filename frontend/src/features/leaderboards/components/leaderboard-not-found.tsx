import { Link } from 'react-router';

export function LeaderboardNotFound({ id }: { id: string }) {
  return (
    <section className="card" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Leaderboard not found</h1>
      <p>
        There is no leaderboard <code>{id}</code>. Check the link, or{' '}
        <Link to="/leaderboards">see every leaderboard</Link>.
      </p>
    </section>
  );
}
