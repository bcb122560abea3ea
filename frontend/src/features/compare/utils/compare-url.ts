import { MAX_COMPARED_RUNS } from '@/lib/compare-link';

export type CompareState = {
  // Ids or slugs, as written in the address, in the order to show them.
  runs: string[];
  // One of `runs`; undefined for the first.
  baseline?: string;
};

/** The comparison the address asks for; blank entries and repeats are left out. */
export function readCompareState(params: URLSearchParams): CompareState {
  const runs: string[] = [];
  for (const entry of (params.get('runs') ?? '').split(',')) {
    const run = entry.trim();
    if (run && !runs.includes(run)) runs.push(run);
  }
  const baseline = params.get('baseline')?.trim();
  return { runs, baseline: baseline && runs.includes(baseline) ? baseline : undefined };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const slug = /^[0-9A-Za-z]{6,32}$/;
// The paths a run is reachable under: its share page, its run page and the API.
const runPath = /\/(?:r|runs|api\/v1\/runs)\/([^/?#]+)/;

/**
 * The run a pasted text names: an id, a share slug, or a link to its share page, run page or API
 * address. Null when it names none of these.
 */
export function runReference(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const fromPath = runPath.exec(trimmed)?.[1];
  const candidate = fromPath ? decodeURIComponent(fromPath) : trimmed;
  return uuid.test(candidate) || slug.test(candidate) ? candidate : null;
}

export type AddResult = { state: CompareState } | { problem: string };

/** The comparison with one more run, or why it cannot take it. */
export function addRun(state: CompareState, text: string): AddResult {
  const run = runReference(text);
  if (!run) return { problem: `"${text.trim()}" is not a run id, share slug or link to a run.` };
  if (state.runs.includes(run)) return { problem: `Run ${run} is compared already.` };
  if (state.runs.length >= MAX_COMPARED_RUNS)
    return { problem: `At most ${MAX_COMPARED_RUNS} runs can be compared at once.` };
  return { state: { ...state, runs: [...state.runs, run] } };
}

/** The comparison without a run; removing the baseline makes the first remaining run the baseline. */
export function removeRun(state: CompareState, run: string): CompareState {
  return {
    runs: state.runs.filter((candidate) => candidate !== run),
    baseline: state.baseline === run ? undefined : state.baseline,
  };
}
