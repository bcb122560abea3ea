import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// What the form tells a newcomer before any run exists, and the compatibility check it offers.

const testdata = fileURLToPath(new URL('../../testdata/wsdl', import.meta.url));

test('a catalog service brings its default workload, its analysis, an estimate and the workload to take away', async ({
  page,
}) => {
  await page.goto('/submit');
  await page.getByRole('radio', { name: 'From the catalog' }).check();
  await page.getByLabel('Catalog service').selectOption('echo');

  // wsdl-catalog/echo/catalog.json: gSOAP and CXF, one repetition.
  await expect(page.getByRole('checkbox', { name: 'gSOAP', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Apache CXF', exact: true })).toBeChecked();
  await expect(page.getByLabel('Repetitions', { exact: true })).toHaveValue('1');

  const analysis = page.getByRole('region', { name: 'WSDL analysis' });
  await expect(analysis.getByRole('table', { name: 'Operations' })).toContainText('echo');
  await expect(page.getByText(/keeps a worker busy for at most about/)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download workload.json' }).click();
  const workload = JSON.parse(await readFile((await (await download).path()) as string, 'utf8'));
  expect(workload.stacks).toEqual(expect.arrayContaining(['gsoap', 'cxf']));

  await page.getByText('Show the commands').click();
  const origin = new URL(page.url()).origin;
  await expect(page.getByText(`curl -X POST ${origin}/api/v1/runs`, { exact: false })).toBeVisible();
  await expect(page.getByText('benchctl submit', { exact: false })).toBeVisible();
});

test("an uploaded WSDL with an xsd:date warns of Axis2's known defect before any run", async ({ page }) => {
  await page.goto('/submit');
  await page.getByRole('radio', { name: 'Upload a WSDL file' }).check();
  // Named as a service publishes it: the WSDL is read by its content, not its name.
  await page.locator('#wsdl-file').setInputFiles({
    name: 'Accounts.asmx',
    mimeType: 'application/octet-stream',
    buffer: await readFile(path.join(testdata, 'accounts/accounts.wsdl')),
  });
  const analysis = page.getByRole('region', { name: 'WSDL analysis' });
  await expect(analysis.getByRole('table', { name: 'Operations' })).toBeVisible();
  await expect(analysis).toContainText('date-without-zone');
  await expect(analysis).toContainText('Apache Axis2');
});

test('a compatibility check says which stacks verified, and measures nothing', async ({ page }) => {
  test.setTimeout(5 * 60_000);
  await page.goto('/submit');
  await page.getByRole('radio', { name: 'From the catalog' }).check();
  await page.getByLabel('Catalog service').selectOption('echo');
  await page.getByRole('checkbox', { name: 'Apache CXF', exact: true }).uncheck();
  await page.getByRole('radio', { name: /Compatibility check/ }).check();
  await expect(page.getByText(/nothing is measured/).first()).toBeVisible();
  await page.getByRole('button', { name: /^Start (run|check)$/ }).click();

  await page.waitForURL(/\/runs\/[^/]+$/);
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('completed', { timeout: 4 * 60_000 });
  const outcome = page.getByRole('table', { name: 'Outcome per stack' });
  await expect(outcome).toContainText('gSOAP');
  await expect(outcome).toContainText('verified');
  await expect(page.getByText('1 of 1 stacks built, served and answered every operation correctly.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Results' })).toHaveCount(0);
});
