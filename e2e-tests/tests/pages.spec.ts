import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The pages as a newcomer meets them: their titles, the not-found page, the links out, a share link
// that works for whoever it is meant for, a phone's width, and what assistive technology reads.

/** A gSOAP run of the catalog echo service, waited for until it ends. */
async function completedRun(request: APIRequestContext, visibility = 'public'): Promise<{ id: string; slug: string }> {
  const submitted = await request.post('/api/v1/runs', {
    data: { catalog: 'echo', visibility, workload: { stacks: ['gsoap'], repetitions: 2 } },
  });
  expect(submitted.status()).toBe(201);
  const run = await submitted.json();
  await expect
    .poll(async () => (await (await request.get(`/api/v1/runs/${run.id}`)).json()).status, { timeout: 4 * 60_000 })
    .toBe('completed');
  return { id: run.id, slug: run.slug };
}

let shared: { id: string; slug: string } | undefined;
async function unlistedRun(request: APIRequestContext) {
  shared ??= await completedRun(request, 'unlisted');
  return shared;
}

test.describe.configure({ mode: 'serial' });

test("an unknown page is the app's not-found page, answered with 404", async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/not found.*SOAPBench/i);
  // An API path nobody serves stays a problem for programs.
  const api = await page.request.get('/api/v1/no-such-thing');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/problem+json');
});

test('every page has its own title and the header links the API docs and the CI page', async ({ page }) => {
  const titles = new Set<string>();
  for (const path of ['/submit', '/runs', '/studies', '/leaderboards', '/ci']) {
    await page.goto(path);
    await expect(page).toHaveTitle(/ — SOAPBench$/);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(5);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'API docs' })).toHaveAttribute('href', '/api/docs');
  await page.getByRole('link', { name: 'CI', exact: true }).click();
  await expect(page).toHaveURL(/\/ci$/);
  const origin = new URL(page.url()).origin;
  await expect(page.getByText(`GOPROXY="${origin}/go,https://proxy.golang.org"`, { exact: false })).toBeVisible();
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBeTruthy();
  expect((await page.request.get(icon as string)).status()).toBe(200);
});

test('an unlisted run opens from its link in a fresh browser and is listed nowhere', async ({ browser, request }) => {
  test.setTimeout(5 * 60_000);
  const run = await unlistedRun(request);
  const stranger = await browser.newContext();
  const page = await stranger.newPage();
  await page.goto(`/r/${run.slug}`);
  await expect(page.getByText(/unlisted/i).first()).toBeVisible();
  await expect(page.getByText('Run not found')).toHaveCount(0);
  const listed = await (await request.get('/api/v1/runs?size=100')).json();
  expect(listed.items.map((item: { id: string }) => item.id)).not.toContain(run.id);
  await stranger.close();
});

/** The document is no wider than the window: nothing makes the page scroll sideways. */
async function noSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const [content, width] = await page.evaluate((): [number, number] => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(content, `${path} is ${content} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
}

test('at 390 px no page scrolls sideways', async ({ browser, request }) => {
  test.setTimeout(5 * 60_000);
  const run = await unlistedRun(request);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  for (const path of ['/submit', '/runs', `/r/${run.slug}`, '/studies', '/leaderboards', '/ci', '/no/such/page']) {
    await noSidewaysScroll(page, path);
  }
  await phone.close();
});

/** No serious or critical violation that axe-core finds on the page. */
async function accessible(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `${path}`,
  ).toEqual([]);
}

test('the submit, run, share and study pages have no serious accessibility violations', async ({ page, request }) => {
  test.setTimeout(5 * 60_000);
  const run = await unlistedRun(request);
  expect((await request.get('/api/v1/studies/sosnoski-2010')).status()).toBe(200);
  for (const path of ['/submit', `/runs/${run.id}`, `/r/${run.slug}`, '/studies/sosnoski-2010']) {
    await accessible(page, path);
  }
});
