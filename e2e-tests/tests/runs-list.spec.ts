import { expect, test } from '@playwright/test';

test('the runs page finds a run by its CI project and shows its row', async ({ page, request }) => {
  // A run as a pipeline sends it; its worker may take it at any time, so only what does not change is checked.
  const project = `acme/e2e-${Date.now()}`;
  const submitted = await request.post('/api/v1/runs', {
    data: { catalog: 'echo', workload: { stacks: ['gsoap'] }, ci: { project, branch: 'main', commit: '0123abc' } },
  });
  expect(submitted.status()).toBe(201);
  const run = await submitted.json();

  // Opened by URL with its filter, as a shared link would be.
  await page.goto(`/runs?project=${encodeURIComponent(project)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'CI project' })).toHaveValue(project);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`${project} · main`);
  await expect(rows.nth(1)).toContainText('gsoap@');
  await expect(page.getByText('Page 1 of 1 (1 run)')).toBeVisible();

  await rows.nth(1).getByRole('link', { name: run.slug }).click();
  await expect(page).toHaveURL(new RegExp(`/r/${run.slug}$`));
  await expect(page.getByRole('link', { name: `${project} · main · 0123abc` })).toHaveCount(0);
  await expect(page.getByText(`${project} · main · 0123abc`)).toBeVisible();

  // A filter the server refuses is said in words, not as a blank page.
  await page.goto('/runs?from=yesterday');
  await expect(page.getByText(/must be a day/)).toBeVisible();
});
