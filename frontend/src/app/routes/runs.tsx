import { useSearchParams } from 'react-router';
import { RUN_FILTER_NAMES, type RunFilters } from '@/features/runs/api/get-runs';
import { RunBrowser } from '@/features/runs/components/run-browser';
import { useDocumentTitle } from '@/hooks/use-document-title';

const PAGE_SIZE = 20;

/** /runs: every visible run, narrowed by filters and paged; the whole view lives in the URL. */
export function RunsRoute() {
  const [params, setParams] = useSearchParams();
  useDocumentTitle('Runs');
  const filters: RunFilters = {};
  for (const name of RUN_FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);

  function show(next: RunFilters, nextPage: number) {
    const query = new URLSearchParams();
    for (const name of RUN_FILTER_NAMES) {
      const value = next[name]?.trim();
      if (value) query.set(name, value);
    }
    if (nextPage > 0) query.set('page', String(nextPage));
    setParams(query);
  }

  return (
    <>
      <h1>Runs</h1>
      <p className="lead">
        Every public run, and the unlisted and private ones your API token submitted, newest first, with each
        run&apos;s verdict.
      </p>
      <RunBrowser
        filters={filters}
        page={page}
        size={PAGE_SIZE}
        onFilter={(next) => show(next, 0)}
        onPage={(next) => show(filters, next)}
      />
    </>
  );
}
