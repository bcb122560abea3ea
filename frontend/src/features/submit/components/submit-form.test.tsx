import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitForm } from '@/features/submit/components/submit-form';
import { stacksFixture, submittedRunFixture } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/mock-fetch';
import { callsTo, mockSubmitBackend } from '@/testing/submit-backend';
import { catalogWithDefaultsFixture, submitStacksFixture } from '@/testing/submit-fixtures';
import { renderWithProviders } from '@/testing/test-utils';

function mockBackend(submitResponse: () => Response = () => jsonResponse(submittedRunFixture, 201)) {
  return mockSubmitBackend({ 'POST /api/v1/runs': submitResponse });
}

async function setLoad(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

describe('SubmitForm', () => {
  it('submits a catalog run as JSON with the chosen stacks, load and token', async () => {
    const user = userEvent.setup();
    const { calls } = mockBackend();
    const onSubmitted = vi.fn();
    renderWithProviders(<SubmitForm onSubmitted={onSubmitted} />);

    await screen.findByRole('option', { name: 'Echo (echo)' });
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    await user.click(await screen.findByRole('checkbox', { name: 'Apache CXF' }));
    await user.click(screen.getByRole('checkbox', { name: 'gSOAP' }));
    await setLoad(user, 'Connections', '4');
    await setLoad(user, 'Requests', '300');
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    await user.type(screen.getByLabelText('API token (optional)'), 'sb_secret');
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(submittedRunFixture));
    const [post] = callsTo(calls, 'POST /api/v1/runs');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.headers.get('Authorization')).toBe('Bearer sb_secret');
    // Only what differs from the schema's defaults: the server writes the rest.
    expect(JSON.parse(String(post.body))).toEqual({
      catalog: 'echo',
      visibility: 'private',
      workload: { stacks: ['gsoap', 'cxf'], load: { connections: 4, requests: 300 } },
    });
    expect(window.localStorage.getItem('soapbench.apiToken')).toBe('sb_secret');
  });

  it('uploads a zip as multipart with its entry, workload and a non-default stack version', async () => {
    const user = userEvent.setup();
    const { calls } = mockBackend();
    const onSubmitted = vi.fn();
    renderWithProviders(<SubmitForm onSubmitted={onSubmitted} />);

    await user.click(screen.getByRole('radio', { name: 'Upload a WSDL file' }));
    expect(screen.queryByLabelText('Entry WSDL inside the zip')).not.toBeInTheDocument();
    const bundle = new File(['PK\u0003\u0004'], 'orders.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText('WSDL file'), bundle);
    await user.type(screen.getByLabelText('Entry WSDL inside the zip'), 'wsdl/orders.wsdl');
    await user.click(await screen.findByRole('checkbox', { name: 'Apache CXF' }));
    await user.selectOptions(screen.getByLabelText('Apache CXF version'), '3.6.10');
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const [post] = callsTo(calls, 'POST /api/v1/runs');
    expect(post.headers.has('Content-Type')).toBe(false);
    expect(post.headers.has('Authorization')).toBe(false);
    const form = post.body as FormData;
    expect((form.get('wsdl') as File).name).toBe('orders.zip');
    expect(form.get('entry')).toBe('wsdl/orders.wsdl');
    expect(form.get('visibility')).toBe('public');
    expect(JSON.parse(String(form.get('workload')))).toEqual({ stacks: ['cxf@3.6.10'] });
  });

  it('does not submit and names each problem when the form is incomplete', async () => {
    const user = userEvent.setup();
    const { calls } = mockBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await screen.findByRole('checkbox', { name: 'gSOAP' });

    await setLoad(user, 'Connections', '0');
    await setLoad(user, 'Repetitions', '2.5');
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    expect(screen.getByText('Pick a catalog service.')).toBeInTheDocument();
    expect(screen.getByText('Select at least one stack.')).toBeInTheDocument();
    expect(screen.getByText('Connections must be a whole number from 1 to 1,000.')).toBeInTheDocument();
    expect(screen.getByText('Repetitions must be a whole number from 1 to 50.')).toBeInTheDocument();
    expect(screen.getByLabelText('Connections')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Catalog service')).toHaveFocus();
    expect(callsTo(calls, 'POST /api/v1/runs')).toHaveLength(0);
  });

  it('shows a problem+json answer with title, detail and where each error is', async () => {
    const user = userEvent.setup();
    mockBackend(() =>
      jsonResponse(
        {
          type: 'https://soapbench.dev/problems/invalid-wsdl',
          title: 'The WSDL could not be parsed',
          status: 422,
          detail: 'broken.wsdl is not well-formed XML.',
          errors: [
            {
              message: 'element type "definitions" must be terminated',
              file: 'broken.wsdl',
              line: 12,
              column: 5,
            },
            { message: 'must be at most 1000', field: '/load/connections' },
          ],
        },
        422,
        'application/problem+json',
      ),
    );
    const onSubmitted = vi.fn();
    renderWithProviders(<SubmitForm onSubmitted={onSubmitted} />);

    await user.click(screen.getByRole('radio', { name: 'Upload a WSDL file' }));
    await user.upload(screen.getByLabelText('WSDL file'), new File(['<definitions'], 'broken.wsdl'));
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The run was not accepted: The WSDL could not be parsed (HTTP 422)');
    expect(alert).toHaveTextContent('broken.wsdl is not well-formed XML.');
    const items = within(alert).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('broken.wsdl:12:5 element type "definitions" must be terminated');
    expect(items[1]).toHaveTextContent('/load/connections must be at most 1000');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('reports an empty file before sending anything, whatever its name', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = mockBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);

    await user.click(screen.getByRole('radio', { name: 'Upload a WSDL file' }));
    await user.upload(screen.getByLabelText('WSDL file'), new File([], 'Service.asmx'));
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    expect(screen.getByText('"Service.asmx" is empty.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/v1/runs')).toHaveLength(0);
  });

  it('offers three visibilities, each saying who will see the run', async () => {
    mockBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    const visibility = screen.getByRole('group', { name: 'Visibility' });
    expect(
      within(visibility)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['public', 'unlisted', 'private']);
    expect(
      within(visibility).getByRole('radio', { name: 'Public — listed on the runs page and in histories' }),
    ).toBeChecked();
    expect(
      within(visibility).getByRole('radio', { name: 'Unlisted — anyone with the link, never listed' }),
    ).toBeInTheDocument();
    expect(
      within(visibility).getByRole('radio', {
        name: 'Private — only with your API token (others get not found)',
      }),
    ).toHaveAccessibleDescription('Private needs an API token: enter yours below.');
    expect(visibility).not.toHaveTextContent(/only by link/i);
  });

  it('submits an unlisted run without a token', async () => {
    const user = userEvent.setup();
    const { calls } = mockBackend();
    const onSubmitted = vi.fn();
    renderWithProviders(<SubmitForm onSubmitted={onSubmitted} />);

    await screen.findByRole('option', { name: 'Echo (echo)' });
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('radio', { name: /^Unlisted/ }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const [post] = callsTo(calls, 'POST /api/v1/runs');
    expect(post.headers.has('Authorization')).toBe(false);
    expect(JSON.parse(String(post.body))).toMatchObject({ catalog: 'echo', visibility: 'unlisted' });
  });

  it('does not send a private run without a token, and sends it once one is entered', async () => {
    const user = userEvent.setup();
    const { calls } = mockBackend();
    const onSubmitted = vi.fn();
    renderWithProviders(<SubmitForm onSubmitted={onSubmitted} />);

    await screen.findByRole('option', { name: 'Echo (echo)' });
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    const message = 'A private run needs an API token: enter yours below, or choose Unlisted.';
    expect(screen.getByText(message)).toBeInTheDocument();
    const token = screen.getByLabelText('API token (optional)');
    expect(token).toHaveFocus();
    expect(token).toHaveAttribute('aria-invalid', 'true');
    expect(token).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(callsTo(calls, 'POST /api/v1/runs')).toHaveLength(0);

    await user.type(token, 'sb_owner');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.queryByText('Private needs an API token: enter yours below.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const [post] = callsTo(calls, 'POST /api/v1/runs');
    expect(post.headers.get('Authorization')).toBe('Bearer sb_owner');
    expect(JSON.parse(String(post.body))).toMatchObject({ visibility: 'private' });
  });

  it('accepts a private run with the token kept from an earlier visit', async () => {
    window.localStorage.setItem('soapbench.apiToken', 'sb_kept');
    mockBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    expect(screen.getByLabelText('API token (optional)')).toHaveValue('sb_kept');
    expect(screen.queryByText('Private needs an API token: enter yours below.')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Private/ })).toBeEnabled();
  });

  it("fills in a catalog service's default workload, keeps later edits, and starts afresh with another service", async () => {
    const user = userEvent.setup();
    const withClients = submitStacksFixture.map((stack) => ({
      ...stack,
      features: { ...stack.features, nativeClient: true },
    }));
    const { calls } = mockSubmitBackend({
      'GET /api/v1/stacks': () => jsonResponse(withClients),
      'GET /api/v1/catalog': () => jsonResponse(catalogWithDefaultsFixture),
    });
    const onSubmitted = vi.fn();
    renderWithProviders(<SubmitForm onSubmitted={onSubmitted} />);
    await screen.findByRole('checkbox', { name: 'Apache Axis2' });
    await screen.findByRole('option', { name: 'Seismic query (seismic)' });

    await user.selectOptions(screen.getByLabelText('Catalog service'), 'seismic');
    expect(screen.getByRole('checkbox', { name: 'Apache CXF' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Apache Axis2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'gSOAP' })).not.toBeChecked();
    expect(screen.getByLabelText('Connections')).toHaveValue(1);
    expect(screen.getByLabelText('Requests')).toHaveValue(1000);
    expect(screen.getByLabelText('Warm-up requests')).toHaveValue(1000);
    expect(screen.getByLabelText('Repetitions')).toHaveValue(3);
    expect(screen.getByRole('checkbox', { name: /^username/ })).toBeChecked();
    expect(screen.getByText(/Its default workload is filled in below/)).toBeInTheDocument();

    await setLoad(user, 'Repetitions', '6');
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(JSON.parse(String(callsTo(calls, 'POST /api/v1/runs')[0].body)).workload).toEqual({
      stacks: ['cxf', 'axis2'],
      operations: ['matchQuakes'],
      load: { connections: 1, requests: 1000 },
      warmup: { requests: 1000 },
      repetitions: 6,
      driver: 'native',
      security: ['plain', 'username'],
    });

    // Echo has no default workload: its own operations are not the seismic ones.
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    expect(screen.getByLabelText('Repetitions')).toHaveValue(6);
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'seismic');
    expect(screen.getByLabelText('Repetitions')).toHaveValue(3);
  });

  it('says when to try again after too many submissions', async () => {
    const user = userEvent.setup();
    mockBackend(
      () =>
        new Response(JSON.stringify({ title: 'Too Many Requests', status: 429 }), {
          status: 429,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '30' },
        }),
    );
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await screen.findByRole('option', { name: 'Echo (echo)' });
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many submissions: try again in 30 s');
    expect(alert).not.toHaveTextContent('HTTP 429');
  });

  it('forgets the answer to the last submission once another file is picked', async () => {
    const user = userEvent.setup();
    mockBackend(() =>
      jsonResponse({ title: 'The WSDL could not be parsed', status: 422 }, 422, 'application/problem+json'),
    );
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'Upload a WSDL file' }));
    await user.upload(screen.getByLabelText('WSDL file'), new File(['<definitions'], 'broken.wsdl'));
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The run was not accepted');

    await user.upload(screen.getByLabelText('WSDL file'), new File(['<definitions/>'], 'fixed.wsdl'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens a closed group of options to show and focus a field that is wrong', async () => {
    const user = userEvent.setup();
    const { calls } = mockBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await screen.findByRole('option', { name: 'Echo (echo)' });
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByText('More message options'));
    await user.type(screen.getByLabelText('Request dataset'), 'Echo 1kb');
    await user.click(screen.getByText('More message options'));
    expect(screen.getByLabelText('Request dataset')).not.toBeVisible();
    expect(screen.getByText(/set: dataset/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start run' }));
    const dataset = screen.getByLabelText('Request dataset');
    expect(dataset).toBeVisible();
    expect(dataset).toHaveFocus();
    expect(dataset).toHaveAccessibleDescription(/A dataset is a folder under datasets\//);
    expect(callsTo(calls, 'POST /api/v1/runs')).toHaveLength(0);
  });

  it('says under each stack which chosen security mode it cannot measure', async () => {
    const user = userEvent.setup();
    mockSubmitBackend({ 'GET /api/v1/stacks': () => jsonResponse(stacksFixture) });
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    const gsoap = await screen.findByRole('checkbox', { name: 'gSOAP' });
    expect(gsoap).not.toHaveAccessibleDescription(/Cannot measure/);

    await user.click(screen.getByRole('checkbox', { name: /^username/ }));
    await user.click(screen.getByRole('checkbox', { name: /^sign —/ }));
    expect(gsoap).toHaveAccessibleDescription(
      /Cannot measure username and sign: those modes are not among its security modes/,
    );
    expect(screen.getByRole('checkbox', { name: 'Apache CXF' })).toHaveAccessibleDescription(
      /Cannot measure sign: that mode is not among its security modes/,
    );
  });

  it('judges the security modes by the chosen version of a stack', async () => {
    const user = userEvent.setup();
    mockSubmitBackend({ 'GET /api/v1/stacks': () => jsonResponse(stacksFixture) });
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    const cxf = await screen.findByRole('checkbox', { name: 'Apache CXF' });
    await user.click(screen.getByRole('checkbox', { name: /^username/ }));
    expect(cxf).not.toHaveAccessibleDescription(/Cannot measure/);
    expect(cxf).toHaveAccessibleDescription(/security: plain, username/);

    await user.selectOptions(screen.getByLabelText('Apache CXF version'), '3.6.10');
    expect(cxf).toHaveAccessibleDescription(
      /Cannot measure username: that mode is not among its security modes at 3\.6\.10/,
    );
    expect(cxf).toHaveAccessibleDescription(/security: plain ·/);
  });

  it('starts a check, not a run, once a compatibility check is chosen', async () => {
    const user = userEvent.setup();
    const { calls } = mockBackend();
    const onSubmitted = vi.fn();
    renderWithProviders(<SubmitForm onSubmitted={onSubmitted} />);
    await screen.findByRole('option', { name: 'Echo (echo)' });
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    expect(screen.getByRole('button', { name: 'Start run' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('button', { name: 'Start check' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Compatibility check/ }));
    expect(screen.queryByRole('button', { name: 'Start run' })).not.toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start check' });
    expect(start).toHaveClass('button');
    await user.click(start);
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(JSON.parse(String(callsTo(calls, 'POST /api/v1/runs')[0].body)).workload).toEqual({
      stacks: ['gsoap'],
      mode: 'check',
    });

    await user.click(screen.getByRole('radio', { name: /^Measure/ }));
    expect(screen.getByRole('button', { name: 'Start run' })).toBeInTheDocument();
  });
});
