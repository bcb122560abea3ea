import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RunRoute } from '@/app/routes/run';
import { RunsRoute } from '@/app/routes/runs';
import { ShareRoute } from '@/app/routes/share';
import { FakeEventSource } from '@/testing/fake-event-source';
import { completedRunFixture } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { RunPage } from '@/types/api-models';

function line(slug: string, index: number): RunPage['items'][number] {
  return {
    id: `0000000${index}-1111-1111-1111-111111111111`,
    slug,
    status: 'completed',
    visibility: 'public',
    createdAt: '2026-11-26T10:00:00Z',
    source: 'catalog:echo',
    stacks: ['gsoap@2.8.124'],
  };
}

const slugs = ['aaaa111111', 'bbbb222222', 'cccc333333', 'dddd444444', 'eeee555555', 'ffff666666'];

describe('ways into a comparison', () => {
  it('opens /compare with the runs ticked in the runs list, at most five', async () => {
    mockFetch({
      'GET /api/v1/runs': () =>
        jsonResponse({ items: slugs.map((slug, index) => line(slug, index)), page: 0, size: 20, total: 6 }),
    });
    const { router } = renderWithProviders(<RunsRoute />, { path: '/runs' });
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Compare' })).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare bbbb222222' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare aaaa111111' }));
    expect(screen.getByRole('button', { name: 'Compare 2 runs' })).toBeEnabled();
    for (const slug of slugs.slice(2, 5)) {
      await userEvent.click(screen.getByRole('checkbox', { name: `Compare ${slug}` }));
    }
    expect(screen.getByRole('checkbox', { name: 'Compare ffff666666' })).toBeDisabled();
    expect(screen.getByText('5 runs ticked, the most a comparison holds.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Compare 5 runs' }));
    expect(router.state.location.pathname).toBe('/compare');
    expect(router.state.location.search).toBe('?runs=bbbb222222,aaaa111111,cccc333333,dddd444444,eeee555555');
  });

  it("links a run's page to a comparison that starts with it", async () => {
    mockFetch({ [`GET /api/v1/runs/${completedRunFixture.slug}`]: () => jsonResponse(completedRunFixture) });
    renderWithProviders(<ShareRoute />, { path: '/r/:slug', route: `/r/${completedRunFixture.slug}` });

    const link = await screen.findByRole('link', { name: 'Compare with…' });
    expect(link).toHaveAttribute('href', `/compare?runs=${completedRunFixture.slug}`);
    expect(within(document.body).getAllByRole('link', { name: 'Compare with…' })).toHaveLength(1);
  });

  it('links the run page the same way', async () => {
    FakeEventSource.install();
    mockFetch({ [`GET /api/v1/runs/${completedRunFixture.id}`]: () => jsonResponse(completedRunFixture) });
    renderWithProviders(<RunRoute />, { path: '/runs/:id', route: `/runs/${completedRunFixture.id}` });

    expect(await screen.findByRole('link', { name: 'Compare with…' })).toHaveAttribute(
      'href',
      `/compare?runs=${completedRunFixture.slug}`,
    );
  });
});
