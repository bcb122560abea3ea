import { expect, test } from '@playwright/test';

const studies = ['Sosnoski 2010', 'XINS 2007', 'WSO2 2010'];

test('the studies page lists the three studies, each with its seed article and a start button', async ({ page }) => {
  // Opened by URL, not through the nav link, so the backend's fallback for client routes is checked too.
  await page.goto('/studies');
  await expect(page.getByRole('heading', { level: 1, name: 'Studies' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Studies' });
  await expect(list.getByRole('listitem')).toHaveCount(studies.length);
  for (const name of studies) {
    const study = list.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
    await expect(study).toContainText('Seed article:');
    await expect(study.getByRole('button', { name: `Start study: ${name}` })).toBeEnabled();
  }

  await list.getByRole('link', { name: 'WSO2 2010' }).click();
  await expect(page).toHaveURL(/\/studies\/wso2-2010$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Study: WSO2 2010' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Definition' })).toBeVisible();
});
