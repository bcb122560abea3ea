import { expect, type APIRequestContext, test } from '@playwright/test';

// Two small runs: 4 rounds of 300 requests each is the least that gives a ratio (4 repetitions a side).
const workload = {
  stacks: ['gsoap'],
  repetitions: 4,
  load: { connections: 4, requests: 300, minSeconds: 0.5 },
  warmup: { requests: 50 },
};
// Both runs wait behind whatever other specs left on the one worker, then build and measure gSOAP.
const runsTimeoutMillis = 10 * 60_000;

type Submitted = { id: string; slug: string };

async function submit(request: APIRequestContext): Promise<Submitted> {
  const response = await request.post('/api/v1/runs', {
    data: { catalog: 'echo', workload, visibility: 'public' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function awaitCompleted(request: APIRequestContext, run: Submitted) {
  await expect
    .poll(
      async () => {
        const view = await (await request.get(`/api/v1/runs/${run.id}`)).json();
        return view.status;
      },
      { timeout: runsTimeoutMillis, intervals: [2_000, 5_000] },
    )
    .toMatch(/^(completed|failed|cancelled)$/);
  const view = await (await request.get(`/api/v1/runs/${run.id}`)).json();
  expect(view.status, `run ${run.slug} should complete: ${view.failure ?? ''}`).toBe('completed');
}

/** Throughput as the page writes it: no decimals from 100 req/s on, one below. */
function asOnPage(value: number): string {
  const digits = Math.abs(value) < 100 ? 1 : 0;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

test('compares two gSOAP runs of the echo service side by side and takes the comparison away', async ({
  page,
  request,
}) => {
  test.setTimeout(runsTimeoutMillis + 2 * 60_000);
  const a = await submit(request);
  const b = await submit(request);
  await awaitCompleted(request, a);
  await awaitCompleted(request, b);

  await page.goto(`/compare?runs=${a.slug},${b.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare runs' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Runs side by side' });
  await expect(table.getByRole('columnheader', { name: `${a.slug} (baseline)` })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: b.slug, exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /gSOAP/ }) });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  // The baseline's throughput, p99, CPU and RSS, then the other run's and its ratio to the baseline.
  await expect(cells).toHaveCount(9);
  const throughputs = [
    (await cells.nth(0).innerText()).split(/\s/)[0],
    (await cells.nth(4).innerText()).split(/\s/)[0],
  ];
  for (const figure of throughputs) expect(Number(figure.replace(/,/g, ''))).toBeGreaterThan(0);
  await expect(cells.nth(8)).toContainText(/×/);
  await expect(cells.nth(8)).toContainText(/faster · significant|slower · significant|tied|not enough data/);

  const chart = page.getByRole('img', { name: /^Latency by percentile/ });
  await expect(chart.locator('svg')).toBeVisible();
  await expect(chart.locator('svg')).toContainText('99.9 %');
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`gSOAP · ${b.slug}: p50 [0-9.,]+ ms`));

  // The CSV the page links holds the very figures on the page.
  const csvHref = await page.getByRole('link', { name: 'The comparison (CSV)' }).getAttribute('href');
  const csv = await page.request.get(csvHref ?? '');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const [header, ...rows] = (await csv.text()).trim().split('\n');
  const columns = header.split(',');
  const at = (line: string, column: string) => line.split(',')[columns.indexOf(column)];
  expect(rows).toHaveLength(2);
  for (const [index, run] of [a, b].entries()) {
    const line = rows.find((candidate) => at(candidate, 'run') === run.slug);
    expect(line, `a CSV row for ${run.slug}`).toBeDefined();
    expect(at(line ?? '', 'stack')).toBe('gsoap');
    expect(asOnPage(Number(at(line ?? '', 'throughput_median_per_second')))).toBe(throughputs[index]);
  }
  expect(at(rows.find((line) => at(line, 'run') === b.slug) ?? '', 'verdict')).toMatch(
    /^(faster|slower|tied|not-enough-data)$/,
  );
});
