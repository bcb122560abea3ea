import { Link } from 'react-router';

export function NotFoundRoute() {
  return (
    <section className="card">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Start a new run</Link>.
      </p>
    </section>
  );
}
