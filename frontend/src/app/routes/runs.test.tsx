import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RunsRoute } from '@/app/routes/runs';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { RunPage } from '@/types/api-models';

function page(items: RunPage['items'], total: number, pageNumber = 0): RunPage {
  return { items, page: pageNumber, size: 20, total };
}

const completed: RunPage['items'][number] = {
  id: '11111111-1111-1111-1111-111111111111',
  slug: 'abcdefghij',
  status: 'completed',
  visibility: 'public',
  createdAt: '2026-11-26T10:00:00Z',
  source: 'catalog:echo',
  stacks: ['gsoap@2.8.124', 'cxf@4.2.3'],
  project: 'acme/billing',
  branch: 'main',
  verdict: 'gsoap@2.8.124 fastest of 2 (plain · echo)',
};

describe('runs page', () => {
  it('shows each run with its verdict and pages through the list', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/runs': () => jsonResponse(page([completed], 45)) });
    renderWithProviders(<RunsRoute />, { path: '/runs' });
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('gsoap@2.8.124 fastest of 2 (plain · echo)');
    expect(row).toHaveTextContent('acme/billing · main');
    expect(within(row).getByRole('link', { name: 'abcdefghij' })).toHaveAttribute('href', '/r/abcdefghij');
    expect(screen.getByText('Page 1 of 3 (45 runs)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2 of 3 (45 runs)');
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('sends the filters and keeps them in the address', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/runs': () => jsonResponse(page([], 0)) });
    const { router } = renderWithProviders(<RunsRoute />, { path: '/runs', route: '/runs?stack=cxf&page=2' });
    expect(await screen.findByText('No run matches.')).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('stack')).toBe('cxf');
    expect(calls[0].url.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('textbox', { name: 'Stack' })).toHaveValue('cxf');

    await userEvent.type(screen.getByRole('textbox', { name: 'CI project' }), 'acme/billing');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
    await userEvent.click(screen.getByRole('button', { name: 'Show runs' }));
    await screen.findByText('No run matches.');
    const sent = calls.at(-1)!.url.searchParams;
    expect([sent.get('stack'), sent.get('project'), sent.get('status'), sent.get('page')]).toEqual([
      'cxf',
      'acme/billing',
      'completed',
      '0',
    ]);
    expect(router.state.location.search).toBe('?stack=cxf&status=completed&project=acme%2Fbilling');
  });

  it('says what went wrong when the server refuses a filter', async () => {
    mockFetch({
      'GET /api/v1/runs': () =>
        jsonResponse(
          { title: 'Bad Request', status: 400, detail: "'from' must be a day such as 2026-11-26." },
          400,
          'application/problem+json',
        ),
    });
    renderWithProviders(<RunsRoute />, { path: '/runs', route: '/runs?from=yesterday' });
    expect(await screen.findByText(/must be a day/)).toBeInTheDocument();
  });
});
