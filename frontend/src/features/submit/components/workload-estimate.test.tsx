import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitForm } from '@/features/submit/components/submit-form';
import { jsonResponse } from '@/testing/mock-fetch';
import { callsTo, mockSubmitBackend } from '@/testing/submit-backend';
import { checkEstimateFixture, estimateFixture } from '@/testing/submit-fixtures';
import { renderWithProviders } from '@/testing/test-utils';

const estimateLine =
  'This run keeps a worker busy for at most about 12 min (3 stacks × 1 mode × 8 repetitions = 24 measurements)';

describe('worker time estimate before submitting', () => {
  it('asks for the workload as it would be sent and says how long it keeps a worker busy', async () => {
    const user = userEvent.setup();
    const { calls } = mockSubmitBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));

    const line = await screen.findByText(estimateLine);
    expect(line.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByText(estimateFixture.basis)).toHaveClass('hint');
    const [call] = callsTo(calls, 'POST /api/v1/estimates');
    expect(JSON.parse(String(call.body))).toEqual({ workload: { stacks: ['gsoap'] } });
  });

  it('asks once the typing has stopped, not at every keystroke', async () => {
    const user = userEvent.setup();
    const { calls } = mockSubmitBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await screen.findByText(estimateLine);
    expect(callsTo(calls, 'POST /api/v1/estimates')).toHaveLength(1);

    const requests = screen.getByLabelText('Requests');
    await user.clear(requests);
    await user.type(requests, '123456');
    await waitFor(() => expect(callsTo(calls, 'POST /api/v1/estimates')).toHaveLength(2));
    const last = callsTo(calls, 'POST /api/v1/estimates')[1];
    expect(JSON.parse(String(last.body)).workload.load).toEqual({ requests: 123456 });
  });

  it('shows nothing, and asks nothing, for a workload the form cannot make', async () => {
    const user = userEvent.setup();
    const { calls } = mockSubmitBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await screen.findByRole('checkbox', { name: 'gSOAP' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(callsTo(calls, 'POST /api/v1/estimates')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'gSOAP' }));
    await screen.findByText(estimateLine);
    await user.clear(screen.getByLabelText('Connections'));
    expect(screen.queryByText(estimateLine)).not.toBeInTheDocument();
  });

  it('hides the estimate quietly when the server finds the workload invalid', async () => {
    const user = userEvent.setup();
    mockSubmitBackend({
      'POST /api/v1/estimates': () =>
        jsonResponse(
          {
            title: 'The workload is invalid',
            status: 422,
            errors: [{ field: '/reference', message: 'no such stack' }],
          },
          422,
          'application/problem+json',
        ),
    });
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(screen.queryByText(/keeps a worker busy/)).not.toBeInTheDocument();
    expect(screen.queryByText(/No estimate/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what a compatibility check costs without repetitions or measurements', async () => {
    const user = userEvent.setup();
    const { calls } = mockSubmitBackend({
      'POST /api/v1/estimates': (call) =>
        jsonResponse(
          JSON.parse(String(call.body)).workload.mode === 'check' ? checkEstimateFixture : estimateFixture,
        ),
    });
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.click(screen.getByRole('checkbox', { name: 'Apache CXF' }));
    await screen.findByText(estimateLine);

    await user.click(screen.getByRole('radio', { name: /^Compatibility check/ }));
    const line = await screen.findByText(
      'This check keeps a worker busy for at most about 10 min (2 stacks, each built, served and verified in 1 mode; nothing is measured)',
    );
    expect(line).not.toHaveTextContent(/repetition|measurements/);
    const last = callsTo(calls, 'POST /api/v1/estimates').at(-1)!;
    expect(JSON.parse(String(last.body))).toEqual({ workload: { stacks: ['gsoap', 'cxf'], mode: 'check' } });
  });
});
