import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CompareRoute } from '@/app/routes/compare';
import { comparisonFixture } from '@/testing/compare-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';

function renderCompare(route: string) {
  return renderWithProviders(<CompareRoute />, { path: '/compare', route });
}

describe('compare page', () => {
  it('asks the API for the runs in the address and shows each run beside the baseline', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/compare': () => jsonResponse(comparisonFixture) });
    renderCompare('/compare?runs=aaaa111111,bbbb222222&baseline=aaaa111111');

    const table = await screen.findByRole('table', { name: 'Runs side by side' });
    expect(calls[0].url.searchParams.get('runs')).toBe('aaaa111111,bbbb222222');
    expect(calls[0].url.searchParams.get('baseline')).toBe('aaaa111111');
    expect(within(table).getByRole('columnheader', { name: 'aaaa111111 (baseline)' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'bbbb222222' })).toBeInTheDocument();
    // The baseline has no ratio column: 4 figures for it, 5 for the other run.
    expect(within(table).getAllByRole('columnheader', { name: /Against baseline/ })).toHaveLength(1);

    const gsoap = within(table).getByRole('row', { name: /gSOAP/ });
    const cells = within(gsoap).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '6,000 [5,820–6,120]',
      '3.40',
      '1.25',
      '50.0',
      '12,000 [11,640–12,240]',
      '3.40',
      '1.25',
      '50.0',
      '2.00× [1.79–2.24]faster · significant',
    ]);
    expect(cells[8]).toHaveAttribute('data-significant', 'true');
    expect(cells[8]).toHaveAttribute(
      'title',
      expect.stringContaining('is faster than gsoap@2.8.124 in baseline run'),
    );
  });

  it('says "tied" where the interval holds 1, and marks it not significant', async () => {
    mockFetch({ 'GET /api/v1/compare': () => jsonResponse(comparisonFixture) });
    renderCompare('/compare?runs=aaaa111111,bbbb222222');

    const table = await screen.findByRole('table', { name: 'Runs side by side' });
    const cxf = within(table).getByRole('row', { name: /Apache CXF/ });
    const ratio = within(cxf).getAllByRole('cell').at(-1)!;
    expect(ratio).toHaveTextContent('1.04× [0.92–1.17]tied');
    expect(ratio).toHaveAttribute('data-significant', 'false');
    expect(within(ratio).queryByText(/significant/)).not.toBeInTheDocument();
  });

  it('puts what differs between the runs above the figures', async () => {
    mockFetch({ 'GET /api/v1/compare': () => jsonResponse(comparisonFixture) });
    renderCompare('/compare?runs=aaaa111111,bbbb222222');

    const warnings = await screen.findByRole('region', {
      name: 'These runs differ in more than their stacks',
    });
    expect(warnings).toHaveTextContent("Machine: The runs' machines differ in kernel: 6.1.0 in aaaa111111");
    const figures = screen.getByRole('region', { name: 'Figures' });
    // Warnings come first in the page.
    expect(warnings.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no warning box when the runs differ only in their stacks', async () => {
    mockFetch({ 'GET /api/v1/compare': () => jsonResponse({ ...comparisonFixture, warnings: [] }) });
    renderCompare('/compare?runs=aaaa111111,bbbb222222');

    await screen.findByRole('table', { name: 'Runs side by side' });
    expect(screen.queryByRole('region', { name: /differ in more than/ })).not.toBeInTheDocument();
  });

  it('keeps the baseline, added and removed runs in the address', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/compare': () => jsonResponse(comparisonFixture) });
    const { router } = renderCompare('/compare?runs=aaaa111111,bbbb222222');
    await screen.findByRole('table', { name: 'Runs side by side' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Baseline' }), 'bbbb222222');
    expect(router.state.location.search).toBe('?runs=aaaa111111,bbbb222222&baseline=bbbb222222');
    await screen.findByRole('table', { name: 'Runs side by side' });
    expect(calls.at(-1)?.url.searchParams.get('baseline')).toBe('bbbb222222');

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Run id, share slug or link' }),
      'https://soapbench.example/r/cccc333333',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add run' }));
    expect(router.state.location.search).toBe('?runs=aaaa111111,bbbb222222,cccc333333&baseline=bbbb222222');

    await userEvent.click(screen.getByRole('button', { name: /Remove bbbb222222/ }));
    expect(router.state.location.search).toBe('?runs=aaaa111111,cccc333333');
  });

  it('says why a pasted text names no run, and does not change the address', async () => {
    mockFetch({ 'GET /api/v1/compare': () => jsonResponse(comparisonFixture) });
    const { router } = renderCompare('/compare?runs=aaaa111111,bbbb222222');
    await screen.findByRole('table', { name: 'Runs side by side' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Run id, share slug or link' }), 'aaaa111111');
    await userEvent.click(screen.getByRole('button', { name: 'Add run' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Run aaaa111111 is compared already.');
    expect(router.state.location.search).toBe('?runs=aaaa111111,bbbb222222');
  });

  it('links the CSV and JSON of the very comparison on screen', async () => {
    mockFetch({ 'GET /api/v1/compare': () => jsonResponse(comparisonFixture) });
    renderCompare('/compare?runs=aaaa111111,bbbb222222&baseline=bbbb222222');

    const csv = await screen.findByRole('link', { name: 'The comparison (CSV)' });
    expect(csv).toHaveAttribute(
      'href',
      '/api/v1/compare?runs=aaaa111111%2Cbbbb222222&baseline=bbbb222222&format=csv',
    );
    expect(screen.getByRole('link', { name: /with its curves \(JSON\)/ })).toHaveAttribute(
      'href',
      '/api/v1/compare?runs=aaaa111111%2Cbbbb222222&baseline=bbbb222222&format=json',
    );
  });

  it("shows a single run's stacks side by side without ratios", async () => {
    const single = {
      ...comparisonFixture,
      runs: [comparisonFixture.runs[0]],
      warnings: [],
      cells: comparisonFixture.cells.map((cell) => ({
        ...cell,
        stacks: cell.stacks.map((stack) => ({ ...stack, runs: [stack.runs[0]] })),
        curves: cell.curves.slice(0, 2),
      })),
    };
    mockFetch({ 'GET /api/v1/compare': () => jsonResponse(single) });
    renderCompare('/compare?runs=aaaa111111');

    const table = await screen.findByRole('table', { name: 'Runs side by side' });
    expect(screen.getByText(/One run: its stacks side by side/)).toBeInTheDocument();
    expect(within(table).getAllByRole('row', { name: /gSOAP|Apache CXF/ })).toHaveLength(2);
    expect(within(table).queryByRole('columnheader', { name: /Against baseline/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Baseline' })).not.toBeInTheDocument();
  });

  it('shows the refusal of runs of different WSDLs', async () => {
    mockFetch({
      'GET /api/v1/compare': () =>
        jsonResponse(
          {
            title: 'Cannot be processed',
            status: 422,
            detail:
              'Runs aaaa111111 (catalog service echo) and cccc333333 (catalog service calculator) measured different catalog services; only runs of the same WSDL can be compared.',
            errors: [{ field: 'runs', message: "'cccc333333' measured another WSDL" }],
          },
          422,
          'application/problem+json',
        ),
    });
    renderCompare('/compare?runs=aaaa111111,cccc333333');

    expect(await screen.findByRole('alert')).toHaveTextContent('measured different catalog services');
    expect(screen.queryByRole('table', { name: 'Runs side by side' })).not.toBeInTheDocument();
  });

  it('asks nothing of the API before a run is named', async () => {
    const { calls } = mockFetch({});
    renderCompare('/compare');

    expect(await screen.findByText(/No run yet/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
