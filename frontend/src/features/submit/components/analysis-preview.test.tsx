import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitForm } from '@/features/submit/components/submit-form';
import { jsonResponse } from '@/testing/mock-fetch';
import { callsTo, mockSubmitBackend } from '@/testing/submit-backend';
import { analysisFixture, submitStacksFixture } from '@/testing/submit-fixtures';
import { renderWithProviders } from '@/testing/test-utils';

function renderForm(analyses: () => Response = () => jsonResponse(analysisFixture)) {
  const backend = mockSubmitBackend({
    'GET /api/v1/stacks': () => jsonResponse(submitStacksFixture),
    'POST /api/v1/analyses': analyses,
  });
  renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
  return backend;
}

function panel() {
  return screen.getByRole('region', { name: 'WSDL analysis' });
}

async function upload(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('radio', { name: 'Upload a WSDL file' }));
  await user.upload(screen.getByLabelText('WSDL file'), new File(['<definitions/>'], name));
}

describe('WSDL analysis before submitting', () => {
  it('analyses a catalog service once picked and shows operations, buildability and known defects', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    expect(panel()).toHaveTextContent('Choose a catalog service or a WSDL file');
    await screen.findByRole('option', { name: 'Echo (echo)' });
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');

    const region = panel();
    expect(
      await within(region).findByText(
        'echo: 2 operations; 2 of 3 stacks can build it. 1 known defect of the stacks applies. 1 warning.',
      ),
    ).toHaveAttribute('aria-live', 'polite');
    const [call] = callsTo(calls, 'POST /api/v1/analyses');
    expect(JSON.parse(String(call.body))).toEqual({ catalog: 'echo', security: ['plain'] });

    const operations = within(region).getByRole('table', { name: 'Operations' });
    const rows = within(operations).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'getOrderdocument-literal-wrapped1.1–no',
      'getOrderdocument-literal-wrapped1.2–no',
      'notifydocument-literal-wrapped1.1–yes',
    ]);
    const stacks = within(region).getAllByRole('listitem');
    expect(stacks[0]).toHaveTextContent('gSOAP — can build it');
    expect(stacks[1]).toHaveTextContent(
      'Apache CXF — cannot build it: rpc-encoded binding OrdersRpc is not supported',
    );
    expect(stacks[2]).toHaveTextContent(
      "Apache Axis2: known defect date-without-zone — ADB writes an xsd:date back with the server's zone — it will likely fail verification",
    );
    expect(
      within(region).getByText('notify is one-way: it has no answer to time and is not measured.'),
    ).toBeInTheDocument();

    // Beside each checkbox too, where the stacks are picked.
    expect(screen.getByRole('checkbox', { name: 'Apache CXF' })).toHaveAccessibleDescription(
      /Cannot build this WSDL: rpc-encoded binding OrdersRpc is not supported/,
    );
    expect(screen.getByRole('checkbox', { name: 'Apache Axis2' })).toHaveAccessibleDescription(
      /This WSDL uses date-without-zone, a known defect of this stack: it will likely fail verification/,
    );
    // The analysed operations can be chosen; a one-way one has nothing to measure.
    expect(screen.getByRole('checkbox', { name: 'getOrder' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'notify (one-way: no answer to time)' })).toBeDisabled();
  });

  it('sends an upload as multipart and asks again only when the file or the security modes change', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    await upload(user, 'orders.wsdl');
    await within(panel()).findByText(/^orders\.wsdl: 2 operations/);

    let analyses = callsTo(calls, 'POST /api/v1/analyses');
    expect(analyses).toHaveLength(1);
    const form = analyses[0].body as FormData;
    expect((form.get('wsdl') as File).name).toBe('orders.wsdl');
    expect(form.get('security')).toBe('plain');
    expect(form.has('entry')).toBe(false);

    const connections = screen.getByLabelText('Connections');
    await user.clear(connections);
    await user.type(connections, '12');
    await user.click(screen.getByRole('checkbox', { name: 'gSOAP' }));
    expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: /^sign —/ }));
    await waitFor(() => expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(2));
    analyses = callsTo(calls, 'POST /api/v1/analyses');
    expect((analyses[1].body as FormData).get('security')).toBe('plain,sign');
  });

  it('shows where a broken WSDL is wrong, and forgets it when another file is picked', async () => {
    const user = userEvent.setup();
    let broken = true;
    renderForm(() =>
      broken
        ? jsonResponse(
            {
              title: 'The WSDL could not be parsed',
              status: 422,
              errors: [
                { message: 'element type "definitions" must be terminated', file: 'broken.wsdl', line: 12 },
              ],
            },
            422,
            'application/problem+json',
          )
        : jsonResponse(analysisFixture),
    );
    await upload(user, 'broken.wsdl');

    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'The WSDL could not be analysed: The WSDL could not be parsed (HTTP 422)',
    );
    expect(alert).toHaveTextContent('broken.wsdl:12 element type "definitions" must be terminated');
    expect(within(panel()).queryByRole('button', { name: 'Analyse again' })).not.toBeInTheDocument();

    broken = false;
    await user.upload(screen.getByLabelText('WSDL file'), new File(['<definitions/>'], 'fixed.wsdl'));
    await within(panel()).findByText(/^fixed\.wsdl: 2 operations/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when to analyse again after too many analyses', async () => {
    const user = userEvent.setup();
    let limited = true;
    const { calls } = renderForm(() =>
      limited
        ? new Response(JSON.stringify({ title: 'Too Many Requests', status: 429 }), {
            status: 429,
            headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '30' },
          })
        : jsonResponse(analysisFixture),
    );
    await upload(user, 'orders.wsdl');

    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Too many analyses: try again in 30 s',
    );
    limited = false;
    await user.click(within(panel()).getByRole('button', { name: 'Analyse again' }));
    await within(panel()).findByText(/^orders\.wsdl: 2 operations/);
    expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(2);
  });

  it('analyses the entry of a zip once it is typed and left', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    await upload(user, 'orders.zip');
    await waitFor(() => expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(1));

    await user.type(screen.getByLabelText('Entry WSDL inside the zip'), 'wsdl/orders.wsdl');
    expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(1);
    await user.tab();
    await waitFor(() => expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(2));
    expect((callsTo(calls, 'POST /api/v1/analyses')[1].body as FormData).get('entry')).toBe(
      'wsdl/orders.wsdl',
    );
  });
});
