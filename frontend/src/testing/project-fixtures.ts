import type { ProjectChange, ProjectHistory, ProjectSeries } from '@/types/api-models';

const run = (i: number) => ({
  id: `00000000-0000-0000-0000-00000000000${i}`,
  slug: `run${i}`,
  commit: `c0ffee${i}`,
  ciUrl: null,
  createdAt: `2026-11-0${i + 1}T10:00:00Z`,
  hardwareClass: 'local',
});
export const projectRuns = [0, 1, 2, 3, 4, 5].map(run);

/** A change between run2 and run3, the commits c0ffee2 and c0ffee3. */
function change(fields: Pick<ProjectChange, 'before' | 'after' | 'direction' | 'regression' | 'text'>) {
  return {
    lastRunBefore: projectRuns[2].id,
    lastCommitBefore: 'c0ffee2',
    firstRunAfter: projectRuns[3].id,
    firstCommitAfter: 'c0ffee3',
    ratio: fields.after / fields.before,
    pValue: 0.012,
    acknowledgement: null,
    ...fields,
  };
}

/** One gSOAP series over the six runs; a cost has no interval (null low and high). */
function gsoap(
  metric: ProjectSeries['metric'],
  unit: ProjectSeries['unit'],
  medians: number[],
  changes: ProjectChange[],
  halfInterval: number | null = null,
): ProjectSeries {
  return {
    hardwareClass: 'local',
    cell: 'plain · echo',
    stack: 'gsoap',
    metric,
    unit,
    points: projectRuns.map((r, i) => ({
      run: r.id,
      slug: r.slug,
      commit: r.commit,
      version: '2.8.124',
      median: medians[i],
      low: halfInterval === null ? null : medians[i] - halfInterval,
      high: halfInterval === null ? null : medians[i] + halfInterval,
      repetitions: 8,
    })),
    changes,
    note: null,
  };
}

export const acknowledgedReason = 'invoices carry line items now: a higher p99 is expected';

export const throughputSeries = gsoap(
  'throughput',
  'req/s',
  [1000, 1010, 995, 800, 805, 790],
  [
    change({
      before: 1000,
      after: 800,
      direction: 'slower',
      regression: true,
      text: 'gsoap became slower: 1000 to 800 req/s (0.80×) between commit c0ffee2 and commit c0ffee3 (p = 0.012)',
    }),
  ],
  10,
);

export const latencySeries = gsoap(
  'latencyP99',
  'ms',
  [1.8, 1.82, 1.79, 2.4, 2.41, 2.38],
  [
    {
      ...change({
        before: 1.8,
        after: 2.4,
        direction: 'higher',
        regression: true,
        text: "gsoap's p99 latency became higher: 1.80 to 2.40 ms (1.33×) between commit c0ffee2 and commit c0ffee3 (p = 0.012)",
      }),
      acknowledgement: {
        id: '10000000-0000-0000-0000-000000000001',
        project: 'acme/billing',
        commit: 'c0ffee3',
        branch: null,
        stack: 'gsoap',
        metric: 'latencyP99',
        reason: acknowledgedReason,
        createdAt: '2026-11-05T09:00:00Z',
      },
    },
  ],
);

export const cpuSeries = gsoap(
  'cpuPerRequest',
  'ms CPU',
  [0.0512, 0.0508, 0.0515, 0.0421, 0.0419, 0.0425],
  [
    change({
      before: 0.0512,
      after: 0.0421,
      direction: 'lower',
      regression: false,
      text: "gsoap's server CPU per request became lower: 0.0512 to 0.0421 ms CPU (0.82×) between commit c0ffee2 and commit c0ffee3 (p = 0.012)",
    }),
  ],
);

export const rssSeries = gsoap('peakRss', 'MiB', [45.2, 45.3, 45.1, 45.4, 45.2, 45.3], []);

export const projectHistoryFixture: ProjectHistory = {
  project: 'acme/billing',
  branch: 'main',
  method: 'pettitt-binary-segmentation-permutation',
  alpha: 0.05,
  minSegment: 3,
  runs: projectRuns,
  // The API's order: per stack, the metrics need not come in the page's order.
  series: [
    rssSeries,
    throughputSeries,
    cpuSeries,
    latencySeries,
    {
      hardwareClass: 'local',
      cell: 'plain · echo',
      stack: 'cxf',
      metric: 'throughput',
      unit: 'req/s',
      points: [],
      changes: [],
      note: 'not enough runs to look for a change: 2, at least 6 needed',
    },
  ],
};
