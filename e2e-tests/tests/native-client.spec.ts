import { expect, test } from '@playwright/test';
import { parseFigure, resultsTable, stackFigures, verdicts } from './results-table';

const runTimeoutMillis = 6 * 60_000;

test("measures Apache CXF with its own client and says so beside the figures", async ({ page, request }) => {
  test.setTimeout(runTimeoutMillis + 2 * 60_000);

  const refused = await request.post('/api/v1/runs', {
    data: { catalog: 'echo', workload: { stacks: ['cxf'], driver: 'native', load: { model: 'open', ratePerSecond: 50 } } },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).detail).toContain('closed model only');

  const submitted = await request.post('/api/v1/runs', {
    data: {
      catalog: 'echo',
      // One round: what is tested is the native client, not a verdict.
      workload: {
        stacks: ['cxf'],
        driver: 'native',
        load: { connections: 2, requests: 500 },
        warmup: { requests: 100 },
        repetitions: 1,
      },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = await submitted.json();

  await page.goto(`/runs/${id}`);
  const status = page.getByRole('status', { name: 'Run status' });
  await expect(status).toHaveText(/completed|failed/, { timeout: runTimeoutMillis });
  const stackStates = await page.getByRole('region', { name: 'Stacks' }).innerText();
  await expect(status, `the run should complete; stack states:\n${stackStates}`).toContainText('completed');

  await expect(page.getByText(/Measured by each stack's own generated client \(native client\)/)).toBeVisible();
  // A single stack has nothing to be compared with: no verdict, no band.
  await expect(verdicts(page, { given: false })).toContainText('nothing to compare it with');
  await expect(resultsTable(page).getByRole('columnheader', { name: 'Band' })).toHaveCount(0);
  const figures = await stackFigures(resultsTable(page), 'Apache CXF');
  expect(parseFigure(figures['Throughput (req/s)']), 'CXF throughput').toBeGreaterThan(0);
});
