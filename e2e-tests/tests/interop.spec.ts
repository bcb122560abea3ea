import { expect, test } from '@playwright/test';

// Every stack's build per mode, then 2 servers x 2 clients x 2 modes of 50 requests each: the builds
// take most of it, and they queue behind any run already on the worker.
const runTimeoutMillis = 20 * 60_000;

// Both stacks claim `sign` and have their own clients, so each one's client must pass against its own
// server in both modes, and every plain cell must pass: echo over plain SOAP is what every stack does.
// The cross cells of `sign` are the matrix's finding (pass, or fail with the text); they are only
// required to have an outcome.
const stacks = [
  { id: 'cxf', name: 'Apache CXF' },
  { id: 'metro', name: 'Eclipse Metro (JAX-WS RI)' },
];
const modes = ['plain', 'sign'];

test('an interop run of echo with CXF and Metro, plain and sign, fills every cell of both matrices', async ({
  page,
}) => {
  test.setTimeout(runTimeoutMillis + 2 * 60_000);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Interop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Interop matrix' })).toBeVisible();

  await page.getByRole('radio', { name: 'From the catalog' }).check();
  await page.getByRole('combobox', { name: 'Catalog service' }).selectOption('echo');
  for (const stack of stacks) await page.getByRole('checkbox', { name: stack.name, exact: true }).check();
  await page.getByRole('checkbox', { name: 'sign', exact: true }).check();
  await page.getByRole('spinbutton', { name: 'Requests per cell' }).fill('50');
  await page.getByRole('button', { name: 'Start interop run' }).click();

  await expect(page).toHaveURL(/\/interop\/[0-9a-f-]{36}$/);
  const status = page.getByRole('status', { name: 'Interop run status' });
  await expect(status).toHaveText(/completed|failed|cancelled/, { timeout: runTimeoutMillis });
  await expect(status, 'the interop run should complete').toContainText('completed');

  for (const mode of modes) {
    const table = page.getByRole('region', { name: `Security ${mode}` }).getByRole('table');
    for (const stack of stacks) {
      await expect(table.getByRole('columnheader', { name: new RegExp(`^${escapeRegExp(stack.name)} `) })).toHaveCount(1);
      await expect(table.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(stack.name)} `) })).toHaveCount(1);
    }
    const cells = table.locator('td.interop-cell');
    await expect(cells, `a cell per client x server in ${mode}`).toHaveCount(stacks.length * stacks.length);
    for (const outcome of await cells.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-outcome')))) {
      expect(['pass', 'fail', 'unsupported'], `every cell of ${mode} has an outcome`).toContain(outcome);
    }
    for (const stack of stacks) {
      const own = table.locator(`td[data-client^="${stack.id}@"][data-server^="${stack.id}@"]`);
      await expect(own, `${stack.id}'s client against its own server in ${mode}`).toHaveAttribute('data-outcome', 'pass');
      await expect(own).toContainText('req/s');
      if (mode !== 'plain') await expect(own, 'a secured cell shows its cost against plain').toContainText('throughput');
    }
    if (mode === 'plain') await expect(table.locator('td[data-outcome="pass"]')).toHaveCount(stacks.length ** 2);
  }

  // The page is the share page: the same matrix for anyone holding the link.
  const runId = page.url().split('/').pop();
  const matrix = await (await page.request.get(`/api/v1/interop/${runId}`)).json();
  expect(matrix.cells).toHaveLength(stacks.length * stacks.length * modes.length);
  for (const cell of matrix.cells) {
    expect(cell.outcome, `${cell.client} -> ${cell.server} (${cell.security})`).not.toBe('pending');
    if (cell.outcome === 'pass') expect(cell.throughputRps).toBeGreaterThan(0);
    if (cell.outcome === 'fail') expect(cell.reason, 'a failed cell says why').not.toBe('');
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
