import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

// A sample of the real-world WSDL corpus (stack-runners/corpus, the sets marked "sample") checked
// on every stack of the instance: each set ends with an outcome per stack or a precise refusal,
// never a hang or a server error. The whole corpus runs with `make -C stack-runners corpus`.

const run = promisify(execFile);
const corpus = fileURLToPath(new URL('../../stack-runners/corpus', import.meta.url));

test('the sample of real-world WSDLs finishes on every stack with an outcome for each', async ({ baseURL }) => {
  test.setTimeout(25 * 60_000);
  const out = await mkdtemp(path.join(tmpdir(), 'soapbench-corpus-sample-'));
  // Archives are downloaded from their package registries once and kept in the cache.
  await run(path.join(corpus, 'fetch'), ['--sample', '--out', out], { timeout: 10 * 60_000 });

  const results = path.join(out, 'results.json');
  const checked = await run(
    path.join(corpus, 'run'),
    ['--sample', '--out', out, '--server', baseURL as string, '--timeout', '900', '--json-out', results],
    { timeout: 20 * 60_000, maxBuffer: 16 * 1024 * 1024 },
  ).catch((failure) => failure);
  console.log(checked.stdout);
  expect(checked.code ?? 0, checked.stderr).toBe(0);

  const report: { results: { set: string; finished: boolean; outcome: string | null; stacks: { outcome: string }[] }[] } =
    JSON.parse(await readFile(results, 'utf8'));
  expect(report.results.length).toBeGreaterThanOrEqual(3);
  for (const set of report.results) {
    expect(set.finished, `${set.set}: ${set.outcome}`).toBe(true);
    // A finished set has an outcome per stack, or a refusal of the whole upload with its reason.
    expect(set.stacks.length > 0 || set.outcome === 'refused', set.set).toBe(true);
  }
});
