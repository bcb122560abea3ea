// Runs this browser submitted, each with the secret that lets its submitter cancel it (runs
// submitted with an API token have none: the token itself proves ownership).
const storageKey = 'soapbench.submittedRuns';
const keepAtMost = 200;

type SubmittedRuns = Record<string, { manageToken?: string; at: number }>;

function readAll(): SubmittedRuns {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as SubmittedRuns) : {};
  } catch {
    return {};
  }
}

export function rememberSubmittedRun(runId: string, manageToken?: string): void {
  const runs = readAll();
  runs[runId] = manageToken ? { manageToken, at: Date.now() } : { at: Date.now() };
  // The oldest go first, so the entry cannot grow without bound.
  const newest = Object.entries(runs)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, keepAtMost);
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Storage can be disabled (private browsing); the run can then be cancelled only from CI.
  }
}

/** Whether this browser submitted the run, and the secret to manage it if it was anonymous. */
export function submittedRun(runId: string): { manageToken?: string } | undefined {
  const entry = readAll()[runId];
  return entry
    ? { manageToken: typeof entry.manageToken === 'string' ? entry.manageToken : undefined }
    : undefined;
}
