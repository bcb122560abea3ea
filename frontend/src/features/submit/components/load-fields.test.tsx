import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitForm } from '@/features/submit/components/submit-form';
import { stacksFixture } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/mock-fetch';
import { callsTo, mockSubmitBackend } from '@/testing/submit-backend';
import { renderWithProviders } from '@/testing/test-utils';
import type { Stack } from '@/types/api-models';

// gSOAP has its own generated client; Apache CXF has none here.
const stacks: Stack[] = stacksFixture.map((stack) =>
  stack.id === 'gsoap' ? { ...stack, features: { ...stack.features, nativeClient: true } } : stack,
);

async function renderWithEcho() {
  const user = userEvent.setup();
  const backend = mockSubmitBackend({ 'GET /api/v1/stacks': () => jsonResponse(stacks) });
  const onSubmitted = vi.fn();
  renderWithProviders(<SubmitForm onSubmitted={onSubmitted} />);
  await screen.findByRole('option', { name: 'Echo (echo)' });
  await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
  await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
  return { user, onSubmitted, ...backend };
}

function sentWorkload(calls: ReturnType<typeof mockSubmitBackend>['calls']) {
  return JSON.parse(String(callsTo(calls, 'POST /api/v1/runs')[0].body)).workload;
}

describe('LoadFields', () => {
  it("shows each load model's own fields and sends what it needs", async () => {
    const { user, calls, onSubmitted } = await renderWithEcho();
    const models = screen.getByRole('group', { name: 'Load model' });
    expect(screen.getByRole('radio', { name: /^Closed/ })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: /^Capacity/ }));
    expect(screen.queryByLabelText('Connections')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Requests')).not.toBeInTheDocument();
    expect(screen.getByLabelText('p99 objective (ms)')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Open/ }));
    expect(models).toContainElement(screen.getByRole('radio', { name: /^Open/ }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    expect(screen.getByLabelText('Requests per second')).toHaveFocus();
    expect(
      screen.getByText('Requests per second must be a number above 0 and at most 1,000,000.'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Requests per second'), '250');
    await user.click(screen.getByText('More load options'));
    await user.click(screen.getByRole('radio', { name: 'A duration' }));
    await user.type(screen.getByLabelText('Duration (s)'), '30');
    expect(screen.getByText(/set: duration/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start run' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(sentWorkload(calls)).toEqual({
      stacks: ['gsoap'],
      load: { model: 'open', ratePerSecond: 250, durationSeconds: 30 },
    });
  });

  it('offers the native client only for a workload it can send, and says why not', async () => {
    const { user, calls, onSubmitted } = await renderWithEcho();
    await user.click(screen.getByText('More load options'));
    const native = screen.getByRole('radio', { name: /^Native client/ });
    expect(native).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Apache CXF' }));
    expect(native).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Driver' })).toHaveAccessibleDescription(
      'The native client is not available: Apache CXF has no native client.',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Apache CXF' }));
    await user.click(native);
    // Once chosen, a change the client cannot follow is named, not silently undone.
    await user.click(screen.getByRole('checkbox', { name: 'Keep-alive' }));
    expect(native).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    expect(
      screen.getByText('The native client cannot measure this workload: it needs keep-alive on.'),
    ).toBeInTheDocument();
    expect(native).toHaveFocus();

    await user.click(screen.getByRole('checkbox', { name: 'Keep-alive' }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(sentWorkload(calls)).toEqual({ stacks: ['gsoap'], driver: 'native' });
  });

  it('leaves the load out of a compatibility check, and does not hold the submit on its fields', async () => {
    const { user, calls, onSubmitted } = await renderWithEcho();
    await user.clear(screen.getByLabelText('Connections'));
    await user.click(screen.getByRole('radio', { name: /^Compatibility check/ }));
    expect(screen.queryByRole('group', { name: 'Load' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'What to run' })).toHaveAccessibleDescription(
      /A check sends no load: load, warm-up, repetitions, driver and dataset do not apply/,
    );

    await user.click(screen.getByRole('button', { name: 'Start check' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(sentWorkload(calls)).toEqual({ stacks: ['gsoap'], mode: 'check' });
  });
});
