import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunBrowser } from '@/features/runs/components/run-browser';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { RunPage } from '@/types/api-models';

const run: RunPage['items'][number] = {
  id: '11111111-1111-1111-1111-111111111111',
  slug: 'abcdefghij',
  status: 'completed',
  visibility: 'public',
  createdAt: '2026-11-26T10:00:00Z',
  source: 'catalog:echo',
  stacks: ['gsoap@2.8.124', 'wsf@2.1.0'],
  failedStacks: 1,
  verdict: 'no verdict: one stack in this cell, nothing to compare it with',
};

describe('RunBrowser', () => {
  it('calls a completed run with a failed stack "completed with failures"', async () => {
    mockFetch({ 'GET /api/v1/runs': () => jsonResponse({ items: [run], page: 0, size: 20, total: 1 }) });
    renderWithProviders(<RunBrowser filters={{}} page={0} size={20} onFilter={() => {}} onPage={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Runs, newest first' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('completed with failures')).toHaveClass('badge-warning');
    expect(within(row).queryByText('completed', { exact: true })).not.toBeInTheDocument();
  });
});
