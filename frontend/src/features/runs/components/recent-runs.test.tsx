import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecentRuns } from '@/features/runs/components/recent-runs';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { RunPage } from '@/types/api-models';

const listedRun: RunPage['items'][number] = {
  id: '11111111-1111-1111-1111-111111111111',
  slug: 'abcdefghij',
  status: 'completed',
  visibility: 'public',
  createdAt: '2026-11-26T10:00:00Z',
  source: 'catalog:echo',
  stacks: ['gsoap@2.8.124', 'cxf@4.2.3', 'wsf@2.1.0'],
  failedStacks: 0,
};

function page(items: RunPage['items']): RunPage {
  return { items, page: 0, size: 20, total: items.length };
}

describe('RecentRuns', () => {
  it('calls a completed run with a failed stack "completed with failures", never a green "completed"', async () => {
    mockFetch({
      'GET /api/v1/runs': () =>
        jsonResponse(
          page([
            { ...listedRun, failedStacks: 1 },
            { ...listedRun, id: '22222222-2222-2222-2222-222222222222', slug: 'klmnopqrst' },
          ]),
        ),
    });
    renderWithProviders(<RecentRuns />);
    const table = await screen.findByRole('table', { name: 'Recent public runs' });
    const [, failed, clean] = within(table).getAllByRole('row');
    expect(within(failed).getByText('completed with failures')).toHaveClass('badge-warning');
    expect(within(clean).getByText('completed')).toHaveClass('badge-good');
  });

  it('keeps the plain status of a run that did not complete, failed stacks or not', async () => {
    mockFetch({
      'GET /api/v1/runs': () => jsonResponse(page([{ ...listedRun, status: 'failed', failedStacks: 3 }])),
    });
    renderWithProviders(<RecentRuns />);
    const table = await screen.findByRole('table', { name: 'Recent public runs' });
    expect(within(table).getByText('failed')).toHaveClass('badge-bad');
  });
});
