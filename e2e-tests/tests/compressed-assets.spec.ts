import { expect, test } from '@playwright/test';

test('the UI bundle is served gzipped to clients that accept it, and plain to others', async ({ request }) => {
  const page = await request.get('/');
  expect(page.status()).toBe(200);
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script, 'index.html names its bundle').toBeTruthy();

  const gzipped = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzipped.status()).toBe(200);
  expect(gzipped.headers()['content-encoding']).toBe('gzip');
  expect(gzipped.headers()['content-type']).toContain('javascript');
  // Playwright hands back the decoded body: it is the bundle, not the compressed bytes.
  expect(await gzipped.text()).toContain('SOAPBench');

  const plain = await request.get(script!, { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.status()).toBe(200);
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).length).toBeGreaterThan(Number(gzipped.headers()['content-length'] ?? 0));
});

test('hashed assets are cached for a year; the page that names them is asked for again', async ({ request }) => {
  const page = await request.get('/');
  expect(page.headers()['cache-control'] ?? '').not.toContain('max-age=31536000');
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toMatch(/^\/assets\//);

  const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(asset.headers()['cache-control']).toContain('max-age=31536000');
  expect(asset.headers()['cache-control']).toContain('immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');
});
