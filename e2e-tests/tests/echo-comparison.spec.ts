import { expect, test } from '@playwright/test';
import { parseFigure, resultsTable, stackFigures, verdicts } from './results-table';

const stacks = ['gSOAP', 'Apache CXF'];
const runTimeoutMillis = 6 * 60_000;

test('compares gSOAP and Apache CXF on the echo service and shares the results', async ({ page, browser }) => {
  test.setTimeout(runTimeoutMillis + 2 * 60_000);

  await page.goto('/submit');
  await expect(page.getByRole('heading', { name: 'New benchmark run' })).toBeVisible();
  await page.getByRole('radio', { name: 'From the catalog' }).check();
  await page.getByLabel('Catalog service').selectOption('echo');
  for (const name of stacks) {
    await page.getByRole('checkbox', { name, exact: true }).check();
  }
  await page.getByLabel('Connections', { exact: true }).fill('4');
  await page.getByLabel('Requests', { exact: true }).fill('300');
  // One round of 300 requests: too little for a verdict, so nothing may read as a ranking.
  await page.getByLabel('Repetitions', { exact: true }).fill('1');
  await page.getByRole('radio', { name: 'Public' }).check();
  await page.getByRole('button', { name: 'Start run' }).click();

  await page.waitForURL(/\/runs\/[^/]+$/);
  const status = page.getByRole('status', { name: 'Run status' });
  await expect(status).toHaveText(/completed|failed/, { timeout: runTimeoutMillis });
  const stackStates = await page.getByRole('region', { name: 'Stacks' }).innerText();
  await expect(status, `the run should complete; stack states:\n${stackStates}`).toContainText('completed');

  // "not enough data for a verdict: 1 paired round, at least 6 needed", or "no verdict: ..." when a flagged
  // repetition leaves fewer than two stacks to compare.
  const notEnoughData = /not enough data for a verdict: 1 paired round, at least 6 needed|no verdict: /;
  await expect(verdicts(page, { given: false })).toContainText(notEnoughData);
  const table = resultsTable(page);
  await expect(table.getByRole('columnheader', { name: 'Band' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: /% of best/ })).toHaveCount(0);
  const figures: Record<string, Record<string, string>> = {};
  for (const name of stacks) {
    figures[name] = await stackFigures(table, name);
    expect(parseFigure(figures[name]['Throughput (req/s)']), `${name} throughput`).toBeGreaterThan(0);
    expect(parseFigure(figures[name]['p99 (ms)']), `${name} p99`).toBeGreaterThan(0);
  }

  const throughputChart = page.getByRole('img', { name: /^Throughput per stack/ });
  await expect(throughputChart.locator('svg')).toBeVisible();
  for (const name of stacks) {
    await expect(throughputChart).toHaveAttribute('aria-label', new RegExp(`${name} [0-9,.]+ req/s`));
    await expect(throughputChart.locator('svg')).toContainText(name);
  }
  await expect(page.getByRole('img', { name: /^p99 latency per stack/ }).locator('svg')).toBeVisible();

  const shareUrl = await page.getByLabel('Share URL').inputValue();
  expect(shareUrl).toMatch(/\/r\/[^/]+$/);

  const anonymous = await browser.newContext();
  try {
    const visitor = await anonymous.newPage();
    await visitor.goto(shareUrl);
    await expect(visitor.getByRole('heading', { level: 1 })).toContainText('SOAP stack comparison');
    await expect(verdicts(visitor, { given: false })).toContainText(notEnoughData);
    const sharedTable = resultsTable(visitor);
    await expect(sharedTable.getByRole('columnheader', { name: 'Band' })).toHaveCount(0);
    for (const name of stacks) {
      const shared = await stackFigures(sharedTable, name);
      expect(shared['Throughput (req/s)'], `${name} throughput on the share page`).toBe(figures[name]['Throughput (req/s)']);
      expect(shared['p99 (ms)'], `${name} p99 on the share page`).toBe(figures[name]['p99 (ms)']);
    }
    await expect(visitor.getByRole('img', { name: /^Throughput per stack/ }).locator('svg')).toBeVisible();

    // Taken away: the CSV the page links has one row per measurement, with the API's figures.
    const run = await (await visitor.request.get(shareUrl.replace('/r/', '/api/v1/runs/'))).json();
    const csvHref = await visitor.getByRole('link', { name: 'Measurements (CSV)' }).getAttribute('href');
    const csv = await visitor.request.get(csvHref ?? '');
    expect(csv.headers()['content-type']).toContain('text/csv');
    const [header, ...rows] = (await csv.text()).trim().split('\n');
    const throughputColumn = header.split(',').indexOf('throughput_per_second');
    expect(rows).toHaveLength(run.measurements.length);
    rows.forEach((row, i) => {
      expect(Number(row.split(',')[throughputColumn])).toBeCloseTo(run.measurements[i].throughput, 6);
    });

    // A pasted link previews the run: its tags are in the page the server sends.
    const html = await (await visitor.request.get(shareUrl)).text();
    expect(html).toContain('<meta property="og:title" content="SOAP stack comparison: catalog echo" />');
    const card = await visitor.request.get(shareUrl.replace('/r/', '/api/v1/runs/') + '/card.png');
    expect(card.headers()['content-type']).toBe('image/png');
  } finally {
    await anonymous.close();
  }
});
