import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { type RunFilters, useRuns } from '@/features/runs/api/get-runs';
import { RunStatusBadge } from '@/features/runs/components/run-status-badge';
import { describeListedRunStatus } from '@/features/runs/utils/run-status';
import { problemOf } from '@/lib/api-client';
import { compareHref, MAX_COMPARED_RUNS } from '@/lib/compare-link';
import { formatDateTime } from '@/lib/format';
import { TableScroll } from '@/components/ui/table-scroll';

const STATUSES = ['queued', 'running', 'cancelling', 'completed', 'failed', 'cancelled'];

type Props = {
  filters: RunFilters;
  page: number;
  size: number;
  onFilter: (filters: RunFilters) => void;
  onPage: (page: number) => void;
};

/** The runs list with its filters, one row per run with its verdict, and paging. */
export function RunBrowser({ filters, page, size, onFilter, onPage }: Props) {
  const runs = useRuns({ page, size, filters });
  // Ticked runs stay ticked across pages and filters, so runs far apart in the list can be compared.
  const [ticked, setTicked] = useState<string[]>([]);
  const navigate = useNavigate();
  const total = runs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <section className="card" aria-labelledby="runs-heading">
      <h2 id="runs-heading" className="visually-hidden">
        Runs
      </h2>
      {/* Keyed by the filters: a change of the address (back button, a pasted link) starts the form afresh. */}
      <FilterForm key={JSON.stringify(filters)} initial={filters} onFilter={onFilter} />
      {runs.isPending ? <Loading what="runs" /> : null}
      {runs.isError ? (
        <ProblemAlert heading="Could not load the runs" problem={problemOf(runs.error)} />
      ) : null}
      {runs.data && runs.data.items.length === 0 ? <p className="muted">No run matches.</p> : null}
      {runs.data && runs.data.items.length > 0 ? (
        <>
          <CompareAction
            ticked={ticked}
            onCompare={() => navigate(compareHref(ticked))}
            onClear={() => setTicked([])}
          />
          <TableScroll label="Runs">
            <table className="data-table">
              <caption className="visually-hidden">Runs, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Compare</th>
                  <th scope="col">Run</th>
                  <th scope="col">Source</th>
                  <th scope="col">Stacks</th>
                  <th scope="col">Status</th>
                  <th scope="col">Verdict</th>
                  <th scope="col">From CI</th>
                  <th scope="col">Submitted</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.items.map((run) => (
                  <tr key={run.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Compare ${run.slug}`}
                        checked={ticked.includes(run.slug)}
                        disabled={!ticked.includes(run.slug) && ticked.length >= MAX_COMPARED_RUNS}
                        onChange={(event) =>
                          setTicked(
                            event.target.checked
                              ? [...ticked, run.slug]
                              : ticked.filter((slug) => slug !== run.slug),
                          )
                        }
                      />
                    </td>
                    <th scope="row">
                      <Link to={`/r/${encodeURIComponent(run.slug)}`}>{run.slug}</Link>
                    </th>
                    <td>{run.source ?? '–'}</td>
                    <td>{run.stacks.join(', ')}</td>
                    <td>
                      <RunStatusBadge status={run.status} words={describeListedRunStatus(run)} />
                    </td>
                    <td>{run.verdict ?? '–'}</td>
                    <td>{run.project ? [run.project, run.branch].filter(Boolean).join(' · ') : '–'}</td>
                    <td>{formatDateTime(run.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <nav className="pager" aria-label="Pages">
            <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
              Newer
            </button>
            <span>
              Page {page + 1} of {pages} ({total} {total === 1 ? 'run' : 'runs'})
            </span>
            <button type="button" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
              Older
            </button>
          </nav>
        </>
      ) : null}
    </section>
  );
}

/** Opens /compare with the ticked runs, in the order they were ticked; the first is the baseline. */
function CompareAction({
  ticked,
  onCompare,
  onClear,
}: {
  ticked: string[];
  onCompare: () => void;
  onClear: () => void;
}) {
  return (
    <div className="actions">
      <button type="button" disabled={ticked.length === 0} onClick={onCompare}>
        {ticked.length === 0 ? 'Compare' : `Compare ${ticked.length} ${ticked.length === 1 ? 'run' : 'runs'}`}
      </button>
      {ticked.length > 0 ? (
        <button type="button" className="button-secondary" onClick={onClear}>
          Untick all
        </button>
      ) : null}
      <span className="muted small">
        {ticked.length >= MAX_COMPARED_RUNS
          ? `${MAX_COMPARED_RUNS} runs ticked, the most a comparison holds.`
          : `Tick up to ${MAX_COMPARED_RUNS} runs of the same WSDL to put them side by side.`}
      </span>
    </div>
  );
}

/** The filters as the user edits them; they apply on submit. */
function FilterForm({ initial, onFilter }: { initial: RunFilters; onFilter: (filters: RunFilters) => void }) {
  const [draft, setDraft] = useState<RunFilters>(initial);

  function submit(event: FormEvent) {
    event.preventDefault();
    onFilter(draft);
  }

  const field = (name: keyof RunFilters, label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        name={name}
        value={draft[name] ?? ''}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
  );

  return (
    <form className="filters" role="search" aria-label="Filter runs" onSubmit={submit}>
      {field('stack', 'Stack')}
      {field('source', 'Catalog service or WSDL file')}
      <label>
        Status
        <select
          name="status"
          value={draft.status ?? ''}
          onChange={(event) => setDraft({ ...draft, status: event.target.value })}
        >
          <option value="">any</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      {field('project', 'CI project')}
      {field('branch', 'Branch')}
      {field('from', 'From', 'date')}
      {field('until', 'Until', 'date')}
      <button type="submit">Show runs</button>
      <button type="button" onClick={() => onFilter({})}>
        Clear
      </button>
    </form>
  );
}
