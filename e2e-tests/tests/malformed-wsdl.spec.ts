import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const brokenWsdl = fileURLToPath(new URL('../fixtures/broken.wsdl', import.meta.url));

test('a malformed WSDL upload is refused with the problem and its place shown on the form', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Upload a WSDL file' }).check();
  await page.getByLabel('WSDL file', { exact: true }).setInputFiles(brokenWsdl);
  await page.getByRole('checkbox', { name: 'gSOAP', exact: true }).check();
  await page.getByRole('button', { name: 'Start run' }).click();

  const problem = page.getByRole('alert').filter({ hasText: 'The run was not accepted' });
  await expect(problem).toBeVisible();
  await expect(problem).toContainText(/\(HTTP 4\d\d\)/);
  // The backend names the file and line of an XML error (Problem.errors[].file/line).
  await expect(problem).toContainText(/broken\.wsdl:\d+/);
  await expect(page).not.toHaveURL(/\/runs\//);
});
