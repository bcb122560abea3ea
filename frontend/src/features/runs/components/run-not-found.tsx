import { Link } from 'react-router';

export function RunNotFound() {
  return (
    <section className="card" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Run not found</h1>
      <p>
        This run does not exist or is private: a private run is seen only with the API token that submitted
        it. Check the link.
      </p>
      <p>
        <Link to="/">Start a new run</Link>
      </p>
    </section>
  );
}
