import { type FormEvent, useState } from 'react';
import { addRun, type CompareState, removeRun } from '@/features/compare/utils/compare-url';
import { MAX_COMPARED_RUNS } from '@/lib/compare-link';
import type { ComparedRun } from '@/types/api-models';

type Props = {
  state: CompareState;
  // The runs as the server found them, to show slugs for ids; absent while loading or refused.
  found?: ComparedRun[];
  onChange: (state: CompareState) => void;
};

/** Which runs are compared and which is the baseline: add by id, slug or link, remove, choose. */
export function ComparePicker({ state, found, onChange }: Props) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = state.runs.length >= MAX_COMPARED_RUNS;
  const baseline = state.baseline ?? state.runs[0];

  function label(run: string): string {
    const match = found?.find((candidate) => candidate.id === run || candidate.slug === run);
    return match ? `${match.slug}${match.source ? ` (${match.source})` : ''}` : run;
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const result = addRun(state, draft);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    setDraft('');
    onChange(result.state);
  }

  return (
    <section className="card" aria-labelledby="compared-runs-heading">
      <h2 id="compared-runs-heading">Runs compared</h2>
      {state.runs.length === 0 ? (
        <p className="muted">
          No run yet. Add up to {MAX_COMPARED_RUNS} runs of the same WSDL, or tick them in the runs list.
        </p>
      ) : (
        <ol className="compared-runs">
          {state.runs.map((run) => (
            <li key={run}>
              <span>{label(run)}</span>
              {run === baseline ? <span className="badge badge-neutral">baseline</span> : null}{' '}
              <button
                type="button"
                className="button-secondary"
                aria-label={`Remove ${label(run)}`}
                onClick={() => onChange(removeRun(state, run))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <form className="filters" aria-label="Add a run" onSubmit={add}>
        <label>
          Run id, share slug or link
          <input
            type="text"
            name="run"
            value={draft}
            disabled={full}
            placeholder="k3x9q2mZ0a or https://…/r/k3x9q2mZ0a"
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <button type="submit" disabled={full || draft.trim() === ''}>
          Add run
        </button>
        {state.runs.length > 1 ? (
          <label>
            Baseline
            <select
              name="baseline"
              value={baseline}
              onChange={(event) => onChange({ ...state, baseline: event.target.value })}
            >
              {state.runs.map((run) => (
                <option key={run} value={run}>
                  {label(run)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </form>
      {full ? <p className="muted small">{MAX_COMPARED_RUNS} runs is the most a comparison holds.</p> : null}
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
