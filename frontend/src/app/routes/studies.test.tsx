import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StudiesRoute } from '@/app/routes/studies';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { sosnoskiStudyRunFixture, studiesFixture, wso2EstimateFixture } from '@/testing/study-fixtures';
import { renderWithProviders } from '@/testing/test-utils';

describe('studies page', () => {
  it('lists every study with its seed article and description', async () => {
    mockFetch({ 'GET /api/v1/studies': () => jsonResponse(studiesFixture) });
    renderWithProviders(<StudiesRoute />, { path: '/studies' });
    const list = await screen.findByRole('list', { name: 'Studies' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Sosnoski 2010',
      'XINS 2007',
      'WSO2 2010',
    ]);
    expect(items[0]).toHaveTextContent(
      'Seed article: Dennis Sosnoski, “Java web services: CXF performance comparison” (2010)',
    );
    expect(within(items[0]).getByRole('link', { name: 'latest study run' })).toHaveAttribute(
      'href',
      `/study-runs/${sosnoskiStudyRunFixture.id}`,
    );
    expect(within(items[1]).queryByRole('link', { name: 'latest study run' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Start study/ })).toHaveLength(3);
  });

  it('starts a study once confirmed and opens its study run', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/studies': () => jsonResponse(studiesFixture),
      'GET /api/v1/studies/wso2-2010/estimate': () => jsonResponse(wso2EstimateFixture),
      'POST /api/v1/studies/wso2-2010/runs': () =>
        jsonResponse({ ...sosnoskiStudyRunFixture, id: 'new-run' }, 201),
    });
    const { router } = renderWithProviders(<StudiesRoute />, { path: '/studies' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start study: WSO2 2010' }));
    const confirmation = screen.getByRole('group', { name: 'Start WSO2 2010' });
    await within(confirmation).findByText('Start 40 runs, at most 3 h 10 min of worker time');
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/study-runs/new-run');
    expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe('/api/v1/studies/wso2-2010/runs');
  });

  it('says why a study could not be started', async () => {
    mockFetch({
      'GET /api/v1/studies': () => jsonResponse(studiesFixture),
      'POST /api/v1/studies/xins-2007/runs': () =>
        jsonResponse(
          {
            title: 'Unprocessable Entity',
            status: 422,
            detail: 'No selected stack is available on any worker.',
          },
          422,
          'application/problem+json',
        ),
    });
    renderWithProviders(<StudiesRoute />, { path: '/studies' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start study: XINS 2007' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The study was not started: Unprocessable Entity (HTTP 422)No selected stack is available on any worker.',
    );
  });
});
