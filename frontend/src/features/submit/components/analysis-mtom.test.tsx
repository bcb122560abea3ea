import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitForm } from '@/features/submit/components/submit-form';
import { jsonResponse, type RecordedCall } from '@/testing/mock-fetch';
import { callsTo, mockSubmitBackend } from '@/testing/submit-backend';
import { optionalPolicyAnalysisFixture } from '@/testing/submit-fixtures';
import { renderWithProviders } from '@/testing/test-utils';

/** The mtom field of an analysis request, multipart or JSON; null when it is not sent. */
function mtomOf(call: RecordedCall): string | null {
  if (call.body instanceof FormData) return call.body.get('mtom') as string | null;
  const mtom = (JSON.parse(String(call.body)) as { mtom?: boolean }).mtom;
  return mtom === undefined ? null : String(mtom);
}

describe('the MTOM switch', () => {
  it('asks the analysis again with MTOM, so the stacks are judged as the run would be', async () => {
    const user = userEvent.setup();
    const { calls } = mockSubmitBackend({
      'POST /api/v1/analyses': () => jsonResponse(optionalPolicyAnalysisFixture),
    });
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'Upload a WSDL file' }));
    await user.upload(screen.getByLabelText('WSDL file'), new File(['<definitions/>'], 'files.wsdl'));
    const panel = screen.getByRole('region', { name: 'WSDL analysis' });
    await within(panel).findByText(/2 of 2 stacks can build it/);
    expect(mtomOf(callsTo(calls, 'POST /api/v1/analyses')[0])).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'MTOM' }));
    await waitFor(() => expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(2));
    expect(mtomOf(callsTo(calls, 'POST /api/v1/analyses')[1])).toBe('true');

    await user.click(screen.getByRole('checkbox', { name: 'MTOM' }));
    // Back to a question already answered: the first answer is reused, nothing is asked.
    expect(await within(panel).findByText(/2 of 2 stacks can build it/)).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/v1/analyses')).toHaveLength(2);
  });
});
