import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { ProjectsRoute } from '@/app/routes/projects';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { acknowledgedReason, projectHistoryFixture } from '@/testing/project-fixtures';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

function renderHistory() {
  const fetched = mockFetch({ 'GET /api/v1/projects/history': () => jsonResponse(projectHistoryFixture) });
  renderWithProviders(<ProjectsRoute />, {
    path: '/projects',
    route: '/projects?project=acme%2Fbilling&branch=main',
  });
  return fetched;
}

async function gsoapSection() {
  return screen.findByRole('region', { name: 'gsoap · plain · echo · local' });
}

/** The table's rows: the header, then each run, with a change's own row just before the first run after it. */
function rowsOf(section: HTMLElement) {
  return within(within(section).getByRole('table')).getAllByRole('row');
}

describe('projects page', () => {
  it("shows a branch's throughput per stack with the change marked between its commits", async () => {
    const { calls } = renderHistory();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Project acme/billing · main' }),
    ).toBeInTheDocument();
    const gsoap = await gsoapSection();
    // Throughput first, whatever order the API sent the metrics in, and chosen by default.
    const metrics = within(gsoap).getByRole('group', { name: 'Metric of gsoap · plain · echo · local' });
    expect(
      within(metrics)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Throughput', 'p99 latency', 'CPU per request', 'Peak RSS']);
    expect(within(metrics).getByRole('button', { name: 'Throughput' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(metrics).getByRole('button', { name: 'Peak RSS' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    expect(within(gsoap).getByRole('list', { name: /^Changes of gsoap/ })).toHaveTextContent(
      '▼ slower gsoap became slower: 1000 to 800 req/s (0.80×) between commit c0ffee2 and commit c0ffee3 (p = 0.012)',
    );
    expect(within(gsoap).getByRole('columnheader', { name: 'Throughput (req/s)' })).toBeInTheDocument();
    const rows = rowsOf(gsoap);
    expect(rows).toHaveLength(8);
    expect(rows[4]).toHaveTextContent('▼ slower: 1,000 → 800 req/s (0.80×) from here');
    expect(rows[4]).not.toHaveTextContent('acknowledged');
    expect(rows[5]).toHaveTextContent('run3');
    expect(within(rows[1]).getByRole('link', { name: 'run0' })).toHaveAttribute('href', '/r/run0');
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['run0', 'c0ffee0', '2.8.124', '1,000', '990–1,010', '8', expect.stringContaining('2026')]);
    // The chart's accessible name reads every run's figure with its interval, and the change.
    expect(
      await within(gsoap).findByRole('img', {
        name: /^Throughput of gsoap · plain · echo · local, run by run \(req\/s, higher is better; bars: 95 % interval of the median; dashed lines: changes\)\. run0 1,000 req\/s \[990–1,010\], .* run5 790 req\/s \[780–800\]\. Changes: regression from run3: slower, 1,000 → 800 req\/s\.$/,
      }),
    ).toBeInTheDocument();

    // A stack with one metric and no runs to draw: its note, no selector, no table.
    const cxf = screen.getByRole('region', { name: 'cxf · plain · echo · local' });
    expect(cxf).toHaveTextContent('not enough runs to look for a change: 2, at least 6 needed');
    expect(within(cxf).queryByRole('group')).not.toBeInTheDocument();
    expect(within(cxf).queryByRole('table')).not.toBeInTheDocument();

    expect(calls[0].url.searchParams.get('project')).toBe('acme/billing');
    expect(calls[0].url.searchParams.get('branch')).toBe('main');
  });

  it("switches a stack's table, unit and changes to the metric chosen", async () => {
    renderHistory();
    const gsoap = await gsoapSection();
    const metrics = within(gsoap).getByRole('group', { name: /^Metric of/ });

    await userEvent.click(within(metrics).getByRole('button', { name: 'Peak RSS' }));

    expect(within(metrics).getByRole('button', { name: 'Peak RSS' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(metrics).getByRole('button', { name: 'Throughput' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(gsoap).getByRole('columnheader', { name: 'Peak RSS (MiB)' })).toBeInTheDocument();
    expect(within(gsoap).queryByRole('columnheader', { name: /^Throughput/ })).not.toBeInTheDocument();
    const rows = rowsOf(gsoap);
    // No change in peak RSS: no change row, and the throughput change is gone with its metric.
    expect(rows).toHaveLength(7);
    expect(within(gsoap).getByText('No change found.')).toBeInTheDocument();
    expect(within(gsoap).queryByRole('list', { name: /^Changes of/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getAllByRole('cell')[3]).toHaveTextContent('45.2');
    expect(within(rows[4]).getAllByRole('cell')[3]).toHaveTextContent('45.4');

    // The other stack keeps its own metric.
    expect(
      within(screen.getByRole('region', { name: 'cxf · plain · echo · local' })).queryByRole('columnheader'),
    ).not.toBeInTheDocument();
  });

  it('shows a cost series without an interval, and its improvement as one whichever way it moved', async () => {
    renderHistory();
    const gsoap = await gsoapSection();
    await userEvent.click(within(gsoap).getByRole('button', { name: 'CPU per request' }));

    expect(within(gsoap).getByRole('columnheader', { name: 'CPU per request (ms CPU)' })).toBeInTheDocument();
    const rows = rowsOf(gsoap);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['run0', 'c0ffee0', '2.8.124', '0.0512', '–', '8', expect.stringContaining('2026')]);
    // A lower cost is an improvement: ▲, though the figure went down.
    expect(rows[4]).toHaveTextContent('▲ lower: 0.0512 → 0.0421 ms CPU (0.82×) from here');
    expect(within(gsoap).getByRole('list', { name: /^Changes of/ })).toHaveTextContent(
      /^▲ lower gsoap's server CPU/,
    );
    const chart = await within(gsoap).findByRole('img', { name: /^CPU per request of gsoap/ });
    const name = chart.getAttribute('aria-label') ?? '';
    expect(name).toContain('run0 0.0512 ms CPU, run1 0.0508 ms CPU,');
    expect(name).toContain('Changes: improvement from run3: lower, 0.0512 → 0.0421 ms CPU.');
    expect(name).not.toContain('[');
    expect(name).not.toContain('interval');
  });

  it('names the reason of an acknowledged regression', async () => {
    renderHistory();
    const gsoap = await gsoapSection();
    await userEvent.click(within(gsoap).getByRole('button', { name: 'p99 latency' }));

    expect(within(gsoap).getByRole('columnheader', { name: 'p99 latency (ms)' })).toBeInTheDocument();
    const changes = within(gsoap).getByRole('list', { name: /^Changes of/ });
    expect(changes).toHaveTextContent(/^▼ higher gsoap's p99 latency became higher: .*\(p = 0\.012\)/);
    expect(changes).toHaveTextContent(`acknowledged: ${acknowledgedReason}`);
    const rows = rowsOf(gsoap);
    expect(rows[4]).toHaveTextContent(
      `▼ higher: 1.8 → 2.4 ms (1.33×) from here acknowledged: ${acknowledgedReason}`,
    );
    expect(within(rows[1]).getAllByRole('cell')[3].textContent).toBe('1.8');
    expect(within(rows[1]).getAllByRole('cell')[4].textContent).toBe('–');
    expect(
      await within(gsoap).findByRole('img', {
        name: new RegExp(
          `Changes: regression from run3: higher, 1\\.8 → 2\\.4 ms, acknowledged: ${acknowledgedReason}\\.$`,
        ),
      }),
    ).toBeInTheDocument();
  });
  it('asks for a project, and shows the server refusing one', async () => {
    mockFetch({
      'GET /api/v1/projects/history': () =>
        jsonResponse(
          {
            title: 'Not Found',
            status: 404,
            detail: "No completed run of project 'nobody' on branch 'main' that you may see.",
          },
          404,
          'application/problem+json',
        ),
    });
    renderWithProviders(<ProjectsRoute />, { path: '/projects', route: '/projects' });
    expect(screen.getByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'CI project' }), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Show history' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "No completed run of project 'nobody' on branch 'main'",
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Project nobody · main' })).toBeInTheDocument();
  });
});

describe('projects page, path form', () => {
  it('takes the project from the rest of the path, and the form goes back to the query form', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/projects/history': () => jsonResponse(projectHistoryFixture),
    });
    // The application's own routes: the path form must reach the page, not "Page not found".
    const router = createMemoryRouter(routes, { initialEntries: ['/projects/acme/billing?branch=release'] });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(
      screen.getByRole('heading', { level: 1, name: 'Project acme/billing · release' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CI project' })).toHaveValue('acme/billing');
    await screen.findByRole('region', { name: 'gsoap · plain · echo · local' });
    expect(calls[0].url.searchParams.get('project')).toBe('acme/billing');
    expect(calls[0].url.searchParams.get('branch')).toBe('release');

    const project = screen.getByRole('textbox', { name: 'CI project' });
    await userEvent.clear(project);
    await userEvent.type(project, 'acme/ledger');
    await userEvent.click(screen.getByRole('button', { name: 'Show history' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Project acme/ledger · release' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/projects');
    expect(new URLSearchParams(router.state.location.search).get('project')).toBe('acme/ledger');
    expect(calls.at(-1)?.url.searchParams.get('project')).toBe('acme/ledger');
  });
});
