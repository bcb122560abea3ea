import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site-header">
        <Link to="/" className="brand">
          SOAPBench
        </Link>
        <nav aria-label="Main">
          <Link to="/submit">New run</Link>
          <Link to="/runs">Runs</Link>
          <Link to="/compare">Compare</Link>
          <Link to="/studies">Studies</Link>
          <Link to="/interop">Interop</Link>
          <Link to="/leaderboards">Leaderboards</Link>
          <Link to="/projects">Projects</Link>
          <Link to="/ci">CI</Link>
          {/* Swagger UI, served by the backend: a page load, not a route of this app. */}
          <a href="/api/docs">API docs</a>
        </nav>
      </header>
      <main className="content">{children}</main>
    </>
  );
}
