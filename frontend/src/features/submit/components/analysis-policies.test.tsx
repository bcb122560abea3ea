import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitForm } from '@/features/submit/components/submit-form';
import { catalogFixture, submittedRunFixture } from '@/testing/fixtures';
import { jsonResponse, type RecordedCall } from '@/testing/mock-fetch';
import { callsTo, mockSubmitBackend } from '@/testing/submit-backend';
import {
  optionalPolicyAnalysisFixture,
  policyAnalysisFixture,
  policyRemovedAnalysisFixture,
} from '@/testing/submit-fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import type { CatalogEntry } from '@/types/api-models';

const notice =
  "This WSDL requires a WS-Policy: sp:SymmetricBinding, sp:SignedEncryptedSupportingTokens on binding EchoBinding (echo-policy.wsdl:59). SOAPBench's requests do not satisfy it, so no stack is measured with it as it stands.";
const removedNote =
  "The stacks are built from the WSDL with its policies taken out; the run's page will say so.";

/** The policy field of an analysis request, multipart or JSON; null when it is not sent. */
function policyOf(call: RecordedCall): string | null {
  if (call.body instanceof FormData) return call.body.get('policy') as string | null;
  return (JSON.parse(String(call.body)) as { policy?: string }).policy ?? null;
}

/** Answers the analysis as the server would: the stacks are refused unless the policy is removed. */
function analysePolicyWsdl(call: RecordedCall): Response {
  return jsonResponse(policyOf(call) === 'remove' ? policyRemovedAnalysisFixture : policyAnalysisFixture);
}

function renderForm(
  analyses: (call: RecordedCall) => Response | Promise<Response>,
  catalog?: CatalogEntry[],
) {
  const backend = mockSubmitBackend({
    'POST /api/v1/analyses': analyses,
    ...(catalog ? { 'GET /api/v1/catalog': () => jsonResponse(catalog) } : {}),
  });
  const onSubmitted = vi.fn();
  renderWithProviders(<SubmitForm onSubmitted={onSubmitted} />);
  return { ...backend, onSubmitted };
}

function panel() {
  return screen.getByRole('region', { name: 'WSDL analysis' });
}

async function upload(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('radio', { name: 'Upload a WSDL file' }));
  await user.upload(screen.getByLabelText('WSDL file'), new File(['<definitions/>'], name));
}

describe('a WSDL with a WS-Policy', () => {
  it('names a required policy and measures without it once asked, in the analysis and the run', async () => {
    const user = userEvent.setup();
    let answerRemoved: (() => void) | undefined;
    const { calls, onSubmitted } = renderForm((call) =>
      policyOf(call) === 'remove'
        ? new Promise<Response>((resolve) => {
            answerRemoved = () => resolve(analysePolicyWsdl(call));
          })
        : analysePolicyWsdl(call),
    );
    await upload(user, 'echo-policy.wsdl');

    expect(await within(panel()).findByText(notice)).toHaveClass('alert-warning');
    const remove = within(panel()).getByRole('checkbox', { name: 'Measure without its policies' });
    expect(remove).not.toBeChecked();
    expect(remove).toHaveAccessibleDescription(notice);
    expect(within(panel()).getByText(/0 of 2 stacks can build it/)).toBeInTheDocument();
    // The policy only declared in the definitions, and the optional one, require nothing.
    const others = within(panel()).getByRole('list', { name: 'Other WS-Policies' });
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'SymmetricUsernamePolicy declared in the definitions (echo-policy.wsdl:14): sp:SymmetricBinding, sp:SignedEncryptedSupportingTokens, required only where it is referred to',
      'On operation echo of binding EchoBinding (echo-policy.wsdl:62): no required assertion, only optional ones',
    ]);
    expect(policyOf(callsTo(calls, 'POST /api/v1/analyses')[0])).toBeNull();

    await user.click(remove);
    await waitFor(() => expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(2));
    expect(policyOf(callsTo(calls, 'POST /api/v1/analyses')[1])).toBe('remove');
    // While the server answers, the last analysis and the choice stay where they were.
    expect(within(panel()).getByText('Analysing echo-policy.wsdl…')).toBeInTheDocument();
    expect(within(panel()).getByRole('checkbox', { name: 'Measure without its policies' })).toBeChecked();
    expect(within(panel()).getByText(removedNote)).toBeInTheDocument();

    answerRemoved!();
    expect(await within(panel()).findByText(/2 of 2 stacks can build it/)).toBeInTheDocument();
    expect(within(panel()).getByText(notice)).toBeInTheDocument();
    expect(within(panel()).getByRole('checkbox', { name: 'Measure without its policies' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(submittedRunFixture));
    const form = callsTo(calls, 'POST /api/v1/runs')[0].body as FormData;
    expect(JSON.parse(String(form.get('workload')))).toEqual({ stacks: ['gsoap'], policy: 'remove' });
  });

  it('keeps the policy again, and sends no policy, once another file is picked', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm(analysePolicyWsdl);
    await upload(user, 'echo-policy.wsdl');
    await user.click(await within(panel()).findByRole('checkbox', { name: 'Measure without its policies' }));
    await within(panel()).findByText(/2 of 2 stacks can build it/);

    await user.upload(
      screen.getByLabelText('WSDL file'),
      new File(['<definitions />'], 'echo-policy-2.wsdl'),
    );
    await within(panel()).findByText(/^echo-policy-2\.wsdl: 1 operation; 0 of 2 stacks/);
    const analyses = callsTo(calls, 'POST /api/v1/analyses');
    expect(analyses).toHaveLength(3);
    expect(policyOf(analyses[2])).toBeNull();
    expect(within(panel()).getByRole('checkbox', { name: 'Measure without its policies' })).not.toBeChecked();
    expect(within(panel()).queryByText(removedNote)).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(callsTo(calls, 'POST /api/v1/runs')).toHaveLength(1));
    const form = callsTo(calls, 'POST /api/v1/runs')[0].body as FormData;
    expect(JSON.parse(String(form.get('workload')))).toEqual({ stacks: ['gsoap'] });
  });

  it('lists a policy that requires nothing for information only, with nothing to choose', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm(() => jsonResponse(optionalPolicyAnalysisFixture));
    await upload(user, 'echo-addressing.wsdl');

    await within(panel()).findByText(/2 of 2 stacks can build it/);
    const policies = within(panel()).getByRole('list', { name: 'WS-Policies' });
    expect(
      within(policies).getByText(
        'On operation echo of binding EchoBinding (echo-addressing.wsdl:40): no required assertion, only optional ones',
      ),
    ).toBeInTheDocument();
    expect(within(panel()).queryByText(/requires a WS-Policy/)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Measure without its policies' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(1);
  });

  it('asks about a catalog service with policy remove as a JSON field, and takes it from its default workload', async () => {
    const user = userEvent.setup();
    const withoutPolicies: CatalogEntry = {
      id: 'secure-echo',
      name: 'Secure echo',
      description: 'Echo behind a WS-SecurityPolicy.',
      operations: ['echo'],
      defaultWorkload: { stacks: ['gsoap'], policy: 'remove' },
    };
    const { calls } = renderForm((call) => analysePolicyWsdl(call), [...catalogFixture, withoutPolicies]);
    await screen.findByRole('option', { name: 'Echo (echo)' });

    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    await user.click(await within(panel()).findByRole('checkbox', { name: 'Measure without its policies' }));
    await waitFor(() => expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(2));
    expect(JSON.parse(String(callsTo(calls, 'POST /api/v1/analyses')[1].body))).toEqual({
      catalog: 'echo',
      security: ['plain'],
      policy: 'remove',
    });

    await user.selectOptions(screen.getByLabelText('Catalog service'), 'secure-echo');
    await waitFor(() => expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(3));
    expect(JSON.parse(String(callsTo(calls, 'POST /api/v1/analyses')[2].body))).toMatchObject({
      catalog: 'secure-echo',
      policy: 'remove',
    });
    expect(
      await within(panel()).findByRole('checkbox', { name: 'Measure without its policies' }),
    ).toBeChecked();
  });

  it('can still undo a removal when the analysis fails', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm((call) =>
      policyOf(call) === 'remove'
        ? new Response(JSON.stringify({ title: 'Too Many Requests', status: 429 }), {
            status: 429,
            headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '30' },
          })
        : analysePolicyWsdl(call),
    );
    await upload(user, 'echo-policy.wsdl');
    await user.click(await within(panel()).findByRole('checkbox', { name: 'Measure without its policies' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Too many analyses');

    const remove = within(panel()).getByRole('checkbox', { name: 'Measure without its policies' });
    expect(remove).toBeChecked();
    await user.click(remove);
    // The analysis with the policy kept is still known: it is not asked again.
    expect(await within(panel()).findByText(notice)).toBeInTheDocument();
    expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(2);
  });
});
