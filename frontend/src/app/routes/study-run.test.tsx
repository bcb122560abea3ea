import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StudyRunRoute } from '@/app/routes/study-run';
import { stacksFixture } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { sosnoskiStudyFixture, sosnoskiStudyRunFixture } from '@/testing/study-fixtures';
import { renderWithProviders } from '@/testing/test-utils';

const runId = sosnoskiStudyRunFixture.id;

function renderStudyRun() {
  mockFetch({
    [`GET /api/v1/study-runs/${runId}`]: () => jsonResponse(sosnoskiStudyRunFixture),
    'GET /api/v1/studies/sosnoski-2010': () => jsonResponse(sosnoskiStudyFixture),
    'GET /api/v1/stacks': () =>
      jsonResponse([
        ...stacksFixture,
        { ...stacksFixture[1], id: 'metro', displayName: 'Metro' },
        { ...stacksFixture[1], id: 'axis2', displayName: 'Apache Axis2' },
      ]),
  });
  return renderWithProviders(<StudyRunRoute />, { path: '/study-runs/:id', route: `/study-runs/${runId}` });
}

describe('study run page', () => {
  it('shows each cell with its status, pending cells as pending and never as figures', async () => {
    renderStudyRun();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Study run: Sosnoski 2010' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Study run status' })).toHaveTextContent('running');
    expect(screen.getByText(/Measured by each stack's own generated client/)).toBeInTheDocument();

    const cells = screen.getByRole('table', { name: 'Cells of the study run' });
    const pending = within(cells).getByRole('row', { name: /small\/signencr\/c1\/article/ });
    expect(pending).toHaveTextContent('pending');
    expect(pending).toHaveTextContent('no selected stack supports security mode signencr yet');
    expect(pending).not.toHaveTextContent('req/s');
    const measured = within(cells).getByRole('row', { name: /small\/plain\/c1\/article/ });
    expect(within(measured).getByRole('link', { name: 'small/plain/c1/article' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/runs\//),
    );
    expect(measured).toHaveTextContent('Apache CXF: done, 2,000 req/s');
    expect(within(measured).getByRole('cell', { name: 'native client' })).toBeInTheDocument();
    expect(within(pending).getByRole('cell', { name: 'not yet' })).toBeInTheDocument();
    expect(
      screen.getByText('3 of 4 cells finished; 4 pending (no stack can run their security mode yet).'),
    ).toBeInTheDocument();
  });

  it("draws the article's charts and its ratios beside ours", { timeout: 30_000 }, async () => {
    renderStudyRun();
    const chart = await screen.findByRole(
      'img',
      { name: /^Time for the request sequence: 1,000 requests, small responses/ },
      { timeout: 20_000 },
    );
    expect(chart.getAttribute('aria-label')).toContain('signencr: pending');
    expect(
      screen.getByRole('img', { name: /^Time relative to Apache CXF: 1,000 requests/ }),
    ).toBeInTheDocument();
    const ratios = screen.getByRole('table', { name: 'Published ratios and ours' });
    expect(within(ratios).getByRole('row', { name: /Metro over Apache CXF/ })).toHaveTextContent(
      '×1.10×1.08',
    );
  });
});
