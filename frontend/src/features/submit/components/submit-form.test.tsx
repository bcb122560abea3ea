import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitForm } from '@/features/submit/components/submit-form';
import { catalogFixture, stacksFixture, submittedRunFixture } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';

function mockBackend(submitResponse: () => Response = () => jsonResponse(submittedRunFixture, 201)) {
  return mockFetch({
    'GET /api/v1/stacks': () => jsonResponse(stacksFixture),
    'GET /api/v1/catalog': () => jsonResponse(catalogFixture),
    'POST /api/v1/runs': submitResponse,
  });
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
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/v1/runs');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.headers.get('Authorization')).toBe('Bearer sb_secret');
    expect(JSON.parse(String(post.body))).toEqual({
      catalog: 'echo',
      visibility: 'private',
      workload: {
        stacks: ['gsoap', 'cxf'],
        load: { model: 'closed', connections: 4, requests: 300 },
        warmup: { requests: 500 },
        repetitions: 8,
      },
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
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.headers.has('Content-Type')).toBe(false);
    expect(post.headers.has('Authorization')).toBe(false);
    const form = post.body as FormData;
    expect((form.get('wsdl') as File).name).toBe('orders.zip');
    expect(form.get('entry')).toBe('wsdl/orders.wsdl');
    expect(form.get('visibility')).toBe('public');
    expect(JSON.parse(String(form.get('workload')))).toMatchObject({
      stacks: ['cxf@3.6.10'],
      load: { connections: 25, requests: 2000 },
    });
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
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
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

  it('reports a rejected file type before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = mockBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);

    await user.click(screen.getByRole('radio', { name: 'Upload a WSDL file' }));
    await user.upload(screen.getByLabelText('WSDL file'), new File(['x'], 'notes.txt'));
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    expect(screen.getByText('"notes.txt" is not a .wsdl, .xml or .zip file.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
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
    const post = calls.find((call) => call.method === 'POST')!;
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
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(token, 'sb_owner');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.queryByText('Private needs an API token: enter yours below.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
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
});
