import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The run page tells the whole truth: what the worker is doing, the warm-up each stack really got,
// each operation's figures, every repetition and the latency distribution.

const ordersWsdl = fileURLToPath(new URL('../../testdata/wsdl/orders/orders.wsdl', import.meta.url));

test('a run of two operations shows its progress, warm-ups, operations, repetitions and latency percentiles', async ({
  page,
  request,
}) => {
  test.setTimeout(6 * 60_000);
  const submitted = await request.post('/api/v1/runs', {
    multipart: {
      wsdl: { name: 'orders.wsdl', mimeType: 'text/xml', buffer: await readFile(ordersWsdl) },
      workload: JSON.stringify({ stacks: ['gsoap'], repetitions: 2, load: { connections: 2, requests: 400 } }),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const run = await submitted.json();

  await page.goto(`/runs/${run.id}`);
  // While it runs: the measurements done of those planned, and the worker's own words for its step
  // once a heartbeat has carried one (every 10 s; a short run may end before the first).
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress).toContainText(/\d+ of 2 measurements done/, { timeout: 90_000 });
  await expect(progress).toContainText(/Now: |Waiting for the worker to report its first step/);

  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('completed', {
    timeout: 4 * 60_000,
  });
  await expect(page.getByRole('region', { name: 'Progress' })).toHaveCount(0);

  // The warm-up gSOAP got, not only the one the workload asked for.
  await expect(page.getByText(/gSOAP [^:]*: .*requests before (the first round|each round)/)).toBeVisible();

  const operations = page.getByRole('region', { name: /^Per operation/ });
  await expect(operations).toContainText('getOrder');
  await expect(operations).toContainText('placeOrder');

  await page.locator('summary', { hasText: 'Every repetition' }).click();
  const repetitions = page.getByRole('table', { name: /^Every repetition/ });
  await expect(repetitions.locator('tbody tr')).toHaveCount(2);

  // The percentile plot is drawn, and its figures are there for screen readers.
  await expect(page.locator('.latency-percentiles canvas, .latency-percentiles svg').first()).toBeVisible();
  await expect(page.getByRole('table', { name: /^Latency by percentile/ })).toContainText('99.9');

  // At a phone's width the page with all of this still does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.waitForLoadState('networkidle');
  const [content, width] = await page.evaluate((): [number, number] => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(content, `the run page is ${content} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
});
