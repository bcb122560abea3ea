import { formatNumber } from '@/lib/format';
import type { Measurement, Run, Warmup, Workload } from '@/types/api-models';

/** What one stack@version (in one security mode, when the run measured several) really got as warm-up. */
export type StackWarmup = {
  key: string;
  // `Apache CXF 4.2.3`, with ` · username` when the run measured several security modes
  label: string;
  // `80.2 s, 304,403 requests before the first round (steady); 500 requests before each later one`
  text: string;
};

const requests = (count: number | undefined) =>
  `${formatNumber(count)} ${count === 1 ? 'request' : 'requests'}`;

/** `500 requests before each measurement`, `500 requests, then 10 s before …`: what the workload asked for. */
export function describeAskedWarmup(warmup: Workload['warmup']): string | undefined {
  if (!warmup) return undefined;
  const parts = [
    warmup.requests ? requests(warmup.requests) : undefined,
    warmup.seconds ? `${formatNumber(warmup.seconds)} s` : undefined,
  ].filter(Boolean);
  const sent = parts.length ? `${parts.join(', then ')} before each measurement` : 'none';
  return warmup.cold
    ? `a cold start: the server started again before each measurement, no JIT warm-up; ${sent}`
    : sent;
}

/** `a fresh start before each of 8 rounds (4.1–6.3 s each), nothing sent before the measured requests` */
function describeColdStarts(ordered: Measurement[]): string {
  const starts = ordered.map((m) => m.startupSeconds ?? 0);
  const low = formatNumber(Math.min(...starts), 1);
  const high = formatNumber(Math.max(...starts), 1);
  const took = low === high ? `${low} s` : `${low}–${high} s each`;
  const sent = ordered[0].warmup?.requests ?? 0;
  const rounds = ordered.length === 1 ? 'its round' : `each of ${ordered.length} rounds`;
  return `a fresh start before ${rounds} (${took}), ${sent ? requests(sent) : 'nothing'} sent before the measured requests`;
}

// A JVM's first warm-up goes on in windows until its throughput stops climbing; `steady` says whether it did.
function describeSteadiness(warmup: Warmup): string {
  if (warmup.steady === true) return ' (steady)';
  if (warmup.steady === false) return ' (throughput still climbing when the warm-up reached its limit)';
  return '';
}

function describeLaterWarmups(later: Warmup[]): string {
  const counts = later.map((warmup) => warmup.requests ?? 0);
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  const what = low === high ? requests(low) : `${formatNumber(low)}–${requests(high)}`;
  return later.length === 1 ? `${what} before the later one` : `${what} before each later one`;
}

function describeStackWarmups(ordered: Measurement[]): string {
  if (ordered.every((m) => m.warmup?.cold)) return describeColdStarts(ordered);
  const [first, ...rest] = ordered.map((m) => m.warmup as Warmup);
  const firstLonger = rest.some((warmup) => (warmup.requests ?? 0) !== (first.requests ?? 0));
  // A stack warmed up alike before every round (no JIT to wait for) reads as one figure.
  if (rest.length > 0 && !firstLonger && first.steady === undefined)
    return `${requests(first.requests)} before each round`;
  const round = ordered[0].repetition === 1 ? 'the first round' : `round ${ordered[0].repetition}`;
  const head = `${formatNumber(first.seconds, 1)} s, ${requests(first.requests)} before ${round}${describeSteadiness(first)}`;
  return rest.length ? `${head}; ${describeLaterWarmups(rest)}` : head;
}

/**
 * Per stack@version, from its measurements: its first warm-up (for a JVM stack the long one, until the
 * JIT compiler has done its work) and the warm-up before each later round. Measurements from workers
 * that sent no warm-up give nothing.
 */
export function stackWarmups(run: Run): StackWarmup[] {
  const securities = new Set(run.measurements.map((m) => m.cell?.security ?? 'plain'));
  const names = new Map(run.stacks.map((stack) => [stack.id, stack.displayName || stack.id]));
  const groups = new Map<string, Measurement[]>();
  for (const m of run.measurements) {
    if (!m.warmup) continue;
    // The worker warms up each stack afresh per security mode: each is a target of its own.
    const key = `${m.stack}@${m.version}/${m.cell?.security ?? 'plain'}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const order = (m: Measurement) => run.stacks.findIndex((s) => s.id === m.stack && s.version === m.version);
  return [...groups.entries()]
    .sort(([, a], [, b]) => order(a[0]) - order(b[0]))
    .map(([key, items]) => {
      const ordered = [...items].sort(
        (a, b) => a.repetition - b.repetition || (a.position ?? 0) - (b.position ?? 0),
      );
      const { stack, version, cell } = ordered[0];
      const security = securities.size > 1 ? ` · ${cell?.security ?? 'plain'}` : '';
      return {
        key,
        label: `${names.get(stack) ?? stack} ${version}${security}`,
        text: describeStackWarmups(ordered),
      };
    });
}
