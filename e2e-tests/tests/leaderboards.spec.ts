import { expect, test, type APIRequestContext } from '@playwright/test';
import { parseFigure, stackFigures } from './results-table';

// e2e-tests/leaderboards.json: one board, gSOAP alone, two short rounds; scheduled only when the operator asks.
const boardId = 'echo-1kb-plain-local';
const boardTitle = 'Echo, 1 KB messages';
const boardApi = `/api/v1/leaderboards/${boardId}`;
const operatorToken = process.env.SOAPBENCH_E2E_OPERATOR_TOKEN;
// An official run starts only once the worker has no user's run to measure; other specs may have left some.
const officialRunTimeoutMillis = 5 * 60_000;

type Entry = { stack: string; displayName: string; status: string; throughput?: { median: number } | null };
type Board = {
  state: string;
  stateText: string;
  standing?: { runId: string; slug: string; enoughData: boolean; entries: Entry[] } | null;
  inFlight?: { slug: string; status: string; step?: string | null } | null;
  waiting?: { reason: string; position: number } | null;
  refused?: { reason: string } | null;
  history: { runId: string }[];
};

async function getBoard(request: APIRequestContext): Promise<Board> {
  const response = await request.get(boardApi);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

async function askForOfficialRun(request: APIRequestContext): Promise<void> {
  const asked = await request.post(`${boardApi}/official-runs`, {
    headers: { Authorization: `Bearer ${operatorToken}` },
  });
  expect(asked.status(), await asked.text()).toBe(202);
  expect((await asked.json()).board).toBe(boardId);
}

/** What the board is doing, for the message of a wait that runs out. */
function describeBoard(board: Board): string {
  const inFlight = board.inFlight
    ? `official run ${board.inFlight.slug} ${board.inFlight.status} ${board.inFlight.step ?? ''}`
    : 'no official run under way';
  const waiting = board.waiting ? `, number ${board.waiting.position} in line (${board.waiting.reason})` : '';
  const refused = board.refused ? `, refused: ${board.refused.reason}` : '';
  return `${board.state}: ${board.stateText}; ${inFlight}${waiting}${refused}; ${board.history.length} in history`;
}

/** Waits through the queue and the measuring until the board's history holds `count` official runs. */
async function awaitHistory(request: APIRequestContext, count: number): Promise<Board> {
  let board = await getBoard(request);
  await expect
    .poll(
      async () => {
        board = await getBoard(request);
        return board.history.length >= count && !board.inFlight ? 'measured' : describeBoard(board);
      },
      { timeout: officialRunTimeoutMillis, intervals: [2_000] },
    )
    .toBe('measured');
  return board;
}

function gsoapOf(board: Board): Entry {
  const entry = board.standing?.entries.find((candidate) => candidate.stack === 'gsoap');
  expect(entry, `a gSOAP entry in the standing: ${JSON.stringify(board.standing)}`).toBeTruthy();
  return entry as Entry;
}

/** RFC 4180 as the backend writes it: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

test('official runs fill the echo board and its history, and the board is taken away as CSV and JSON', async ({
  page,
  request,
}) => {
  test.setTimeout(2 * officialRunTimeoutMillis + 2 * 60_000);
  expect(operatorToken, 'SOAPBENCH_E2E_OPERATOR_TOKEN (scripts/e2e.sh sets it)').toBeTruthy();
  // The system may have measured this board before (a second pass of the specs): count from here.
  const before = (await getBoard(request)).history.length;

  await askForOfficialRun(request);

  // Through the site's navigation to the index, then to the board.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboards' }).click();
  await expect(page).toHaveURL(/\/leaderboards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
  await expect(page.getByText(/Only official runs are ranked/)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Progress of the official runs' })).toContainText('measurable');
  const workload = page.getByRole('region', { name: boardTitle });
  // Security modes down, hardware classes across: the board is the plain row's local cell.
  const plain = workload.getByRole('row', { name: /^plain\b/ });
  await expect(plain).toContainText(/ranked|measured|measuring|waiting/);
  await plain.getByRole('link', { name: `Open board: ${boardTitle} · plain · local` }).click();
  await expect(page).toHaveURL(new RegExp(`/leaderboards/${boardId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Leaderboard: ${boardTitle}` })).toBeVisible();

  // The page polls while the official run waits or measures; the API says when it is done.
  let board = await awaitHistory(request, before + 1);
  const table = page.getByRole('table', { name: /^Standing/ });
  await expect(table.getByRole('rowheader', { name: 'gSOAP', exact: true })).toBeVisible({ timeout: 30_000 });
  let figures = await stackFigures(table, 'gSOAP');
  expect(parseFigure(figures['Throughput (req/s)']), 'gSOAP throughput on the board').toBeGreaterThan(0);
  const apiThroughput = gsoapOf(board).throughput?.median ?? NaN;
  expect(Math.abs(parseFigure(figures['Throughput (req/s)']) - apiThroughput), 'the page shows the API figure, rounded')
    .toBeLessThanOrEqual(0.5);
  // gSOAP alone over two rounds: figures, but no verdict and nothing that reads as a ranking.
  await expect(page.getByRole('region', { name: 'Verdict', exact: true })).toContainText(
    /not enough data for a verdict|no verdict: /,
  );
  await expect(table.getByRole('columnheader', { name: 'Band' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: board.standing?.slug ?? '', exact: true }).first()).toHaveAttribute(
    'href',
    `/r/${board.standing?.slug}`,
  );

  // Measured again: the history gains a second point, drawn in the chart.
  await askForOfficialRun(request);
  // Opened by its address this time, so the backend's page for the board (with its preview tags) is used.
  await page.reload();
  board = await awaitHistory(request, before + 2);
  expect(board.history.length).toBeGreaterThanOrEqual(2);
  const chart = page.getByRole('figure', { name: new RegExp(`^History of ${boardTitle}`) });
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(chart.locator('svg').first()).toBeVisible();
  const description = page.getByRole('img', { name: new RegExp(`^History of ${boardTitle}`) });
  await expect
    .poll(async () => ((await description.getAttribute('aria-label')) ?? '').match(/ req\/s/g)?.length ?? 0, {
      message: 'the chart reads out at least two points',
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2);
  await expect(table.getByRole('rowheader', { name: 'gSOAP', exact: true })).toBeVisible();
  const standingRun = page.getByRole('link', { name: board.standing?.slug ?? '', exact: true });
  await expect(standingRun.first()).toBeVisible({ timeout: 30_000 });
  figures = await stackFigures(table, 'gSOAP');
  const shown = parseFigure(figures['Throughput (req/s)']);

  // Taken away: the CSV's gSOAP row carries the figure the API and the page show.
  const csvHref = await page.getByRole('link', { name: 'The standing (CSV)' }).getAttribute('href');
  expect(csvHref).toBe(`${boardApi}?format=csv`);
  const csv = await request.get(csvHref ?? '');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const [header, ...rows] = parseCsv(await csv.text()).filter((row) => row.some((field) => field !== ''));
  const column = (name: string) => {
    const index = header.indexOf(name);
    expect(index, `CSV column ${name} in ${header.join(',')}`).toBeGreaterThanOrEqual(0);
    return index;
  };
  const gsoapRow = rows.find((row) => row[column('stack')] === 'gsoap');
  expect(gsoapRow, 'a gsoap row in the CSV').toBeTruthy();
  const csvThroughput = Number(gsoapRow?.[column('throughput_median_per_second')]);
  expect(csvThroughput).toBeCloseTo(gsoapOf(board).throughput?.median ?? NaN, 6);
  expect(Math.abs(csvThroughput - shown), 'the page shows the CSV figure, rounded').toBeLessThanOrEqual(0.5);

  const jsonHref = await page.getByRole('link', { name: 'The board with its history (JSON)' }).getAttribute('href');
  expect(jsonHref).toBe(boardApi);
  const json = await (await request.get(jsonHref ?? '')).json();
  expect(json.standing.runId).toBe(board.standing?.runId);
  expect(json.history.length).toBeGreaterThanOrEqual(2);

  // A pasted link previews the board: its tags are in the page the server sends.
  const html = await (await request.get(`/leaderboards/${boardId}`)).text();
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="Leaderboard: ${boardTitle}[^"]*" />`));
});
