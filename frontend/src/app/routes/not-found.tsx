import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Not found');
  return (
    <section className="card">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Start a new run</Link>.
      </p>
    </section>
  );
}
