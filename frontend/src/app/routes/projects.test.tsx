import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProjectsRoute } from '@/app/routes/projects';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { ProjectHistory } from '@/types/api-models';

const run = (i: number) => ({
  id: `00000000-0000-0000-0000-00000000000${i}`,
  slug: `run${i}`,
  commit: `c0ffee${i}`,
  ciUrl: null,
  createdAt: `2026-11-0${i + 1}T10:00:00Z`,
  hardwareClass: 'local',
});
const runs = [0, 1, 2, 3, 4, 5].map(run);
const medians = [1000, 1010, 995, 800, 805, 790];

const history: ProjectHistory = {
  project: 'acme/billing',
  branch: 'main',
  method: 'pettitt-binary-segmentation-permutation',
  alpha: 0.05,
  minSegment: 3,
  runs,
  series: [
    {
      hardwareClass: 'local',
      cell: 'plain · echo',
      stack: 'gsoap',
      points: runs.map((r, i) => ({
        run: r.id,
        slug: r.slug,
        commit: r.commit,
        version: '2.8.124',
        median: medians[i],
        low: medians[i] - 10,
        high: medians[i] + 10,
        repetitions: 8,
      })),
      changes: [
        {
          lastRunBefore: runs[2].id,
          lastCommitBefore: 'c0ffee2',
          firstRunAfter: runs[3].id,
          firstCommitAfter: 'c0ffee3',
          before: 1000,
          after: 800,
          ratio: 0.8,
          pValue: 0.012,
          direction: 'slower',
          text: 'gsoap became slower: 1000 to 800 req/s (0.80×) between commit c0ffee2 and commit c0ffee3 (p = 0.012)',
        },
      ],
      note: null,
    },
    {
      hardwareClass: 'local',
      cell: 'plain · echo',
      stack: 'cxf',
      points: [],
      changes: [],
      note: 'not enough runs to look for a change: 2, at least 6 needed',
    },
  ],
};

describe('projects page', () => {
  it("shows a branch's runs per stack with the change marked between its commits", async () => {
    const { calls } = mockFetch({ 'GET /api/v1/projects/history': () => jsonResponse(history) });
    renderWithProviders(<ProjectsRoute />, {
      path: '/projects',
      route: '/projects?project=acme%2Fbilling&branch=main',
    });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Project acme/billing · main' }),
    ).toBeInTheDocument();
    const gsoap = await screen.findByRole('region', { name: 'gsoap · plain · echo · local' });
    expect(within(gsoap).getByRole('list', { name: /^Changes of gsoap/ })).toHaveTextContent(
      '▼ slower gsoap became slower: 1000 to 800 req/s (0.80×) between commit c0ffee2 and commit c0ffee3 (p = 0.012)',
    );
    const rows = within(within(gsoap).getByRole('table')).getAllByRole('row');
    // The header, six runs and the change's own row just before the first run after it.
    expect(rows).toHaveLength(8);
    expect(rows[4]).toHaveTextContent('▼ 1,000 → 800 req/s (0.80×) from here');
    expect(rows[5]).toHaveTextContent('run3');
    expect(within(rows[1]).getByRole('link', { name: 'run0' })).toHaveAttribute('href', '/r/run0');
    expect(rows[1]).toHaveTextContent('1,000 (990–1,010, 8 repetitions)');
    expect(screen.getByRole('region', { name: 'cxf · plain · echo · local' })).toHaveTextContent(
      'not enough runs to look for a change: 2, at least 6 needed',
    );
    expect(calls[0].url.searchParams.get('project')).toBe('acme/billing');
    expect(calls[0].url.searchParams.get('branch')).toBe('main');
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
