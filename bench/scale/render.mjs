// How soon the pages are usable in a browser with 1,000,000 stored measurements (bench/README.md,
// `make -C bench scale`): headless Chromium opens each page ROUNDS times, the pages alternating, each
// time in a fresh browser context (empty cache, as a first visit), and times the navigation up to
// the moment the page's content (not a spinner) is on screen. Target: the median at most 1 s for
// every page, the slowest under 2 s.
//
//   node render.mjs BASE_URL [ROUNDS]
//
// playwright-core comes from e2e-tests/node_modules; the browser is Debian's chromium.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../e2e-tests/package.json'));
const { chromium } = require('playwright-core');

const base = process.argv[2];
const rounds = Number(process.argv[3] ?? 5);
if (!base || !(rounds >= 1)) {
  console.error('usage: node render.mjs BASE_URL [ROUNDS]');
  process.exit(2);
}

const TARGET_MEDIAN_MS = 1000;
const TARGET_MAX_MS = 2000;

// Each page and what shows it is usable: the content a visitor came for, drawn from the API's data.
const pages = [
  {
    name: 'board',
    path: '/leaderboards/echo-1kb-plain-local',
    usable: (page) => page.getByRole('table', { name: /^Standing/ }).getByRole('rowheader').first(),
  },
  {
    name: 'boards index',
    path: '/leaderboards',
    usable: (page) => page.getByRole('link', { name: /^Open board: / }).first(),
  },
  {
    name: 'runs list',
    path: '/runs',
    usable: (page) => page.getByRole('table').getByRole('row').nth(1),
  },
  {
    name: 'runs list, filtered',
    path: '/runs?stack=cxf&page=3',
    usable: (page) => page.getByRole('table').getByRole('row').nth(1),
  },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const times = new Map(pages.map((p) => [p.name, []]));
try {
  for (let round = 0; round < rounds; round++) {
    // Alternate the order each round, so that drift on the machine hits every page alike.
    const order = round % 2 === 0 ? pages : [...pages].reverse();
    for (const p of order) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const began = performance.now();
      await page.goto(base + p.path, { waitUntil: 'commit' });
      await p.usable(page).waitFor({ state: 'visible', timeout: 30_000 });
      times.get(p.name).push(performance.now() - began);
      await context.close();
    }
  }
} finally {
  await browser.close();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
let failed = false;
for (const p of pages) {
  const xs = times.get(p.name);
  const med = median(xs);
  const max = Math.max(...xs);
  const ok = med <= TARGET_MEDIAN_MS && max < TARGET_MAX_MS;
  failed ||= !ok;
  console.log(
    `render: ${p.name} (${p.path}): usable after median ${med.toFixed(0)} ms, slowest ${max.toFixed(0)} ms ` +
      `of ${xs.length} first visits (target median <= ${TARGET_MEDIAN_MS} ms, slowest < ${TARGET_MAX_MS} ms) ${ok ? 'PASS' : 'MISS'}`,
  );
}
process.exit(failed ? 1 : 0);
