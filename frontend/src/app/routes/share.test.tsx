import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShareRoute } from '@/app/routes/share';
import { abRunFixture, completedRunFixture } from '@/testing/fixtures';
import { repeatedRunFixture } from '@/testing/statistics-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';

function renderSharePage(slug: string) {
  return renderWithProviders(<ShareRoute />, { path: '/r/:slug', route: `/r/${slug}` });
}

describe('share page', () => {
  it('shows the comparison of a public run by its slug', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/runs/k3x9q2': () => jsonResponse(completedRunFixture) });
    renderSharePage('k3x9q2');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'SOAP stack comparison: catalog: echo' }),
    ).toBeInTheDocument();
    const results = screen.getByRole('table', { name: 'Results per stack' });
    expect(within(results).getByRole('rowheader', { name: 'gSOAP' })).toBeInTheDocument();
    expect(within(results).getByRole('rowheader', { name: 'Apache CXF' })).toBeInTheDocument();
    expect(calls[0].headers.has('Authorization')).toBe(false);
  });

  it("gives the run page's verdicts in the API's words", async () => {
    mockFetch({ 'GET /api/v1/runs/k3x9q2': () => jsonResponse(repeatedRunFixture) });
    renderSharePage('k3x9q2');
    const verdicts = await screen.findByRole('region', { name: 'Verdicts' });
    expect(
      within(verdicts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(repeatedRunFixture.summary!.cells[0].comparisons!.map((comparison) => comparison.text));
    expect(screen.queryByText(/provisional/)).not.toBeInTheDocument();
  });

  it('says the run is not found or private on a 404', async () => {
    mockFetch({});
    renderSharePage('gone');
    expect(await screen.findByRole('heading', { name: 'Run not found' })).toBeInTheDocument();
    expect(screen.getByText(/does not exist or is private/)).toBeInTheDocument();
  });

  it('shows any other failure as a problem', async () => {
    mockFetch({
      'GET /api/v1/runs/k3x9q2': () =>
        jsonResponse({ title: 'Service Unavailable', status: 503 }, 503, 'application/problem+json'),
    });
    renderSharePage('k3x9q2');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the run: Service Unavailable (HTTP 503)',
    );
  });

  it('is titled like its heading, and names the WSDLs of an A/B', async () => {
    mockFetch({ 'GET /api/v1/runs/k3x9q2': () => jsonResponse(abRunFixture) });
    renderSharePage('k3x9q2');
    await screen.findByRole('heading', { level: 1, name: 'SOAP stack comparison: base.wsdl' });
    await waitFor(() => expect(document.title).toBe('SOAP stack comparison: base.wsdl — SOAPBench'));
    expect(screen.getByRole('note')).toHaveTextContent(
      'A/B of two WSDLs: gsoap@2.8.124 is the base WSDL, gsoap@2.8.124+head the head WSDL (service.wsdl)',
    );
  });
});
