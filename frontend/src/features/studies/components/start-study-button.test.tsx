import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StartStudyButton } from '@/features/studies/components/start-study-button';
import { submittedRun } from '@/lib/run-manage-tokens';
import { jsonResponse, mockFetch, type RecordedCall } from '@/testing/mock-fetch';
import { sosnoskiStudyRunFixture, wso2EstimateFixture } from '@/testing/study-fixtures';
import { renderWithProviders } from '@/testing/test-utils';

const estimateRoute = 'GET /api/v1/studies/wso2-2010/estimate';
const startRoute = 'POST /api/v1/studies/wso2-2010/runs';

function renderButton(start: () => Response = () => jsonResponse(sosnoskiStudyRunFixture, 201)) {
  const backend = mockFetch({
    [estimateRoute]: (call) => {
      const repetitions = call.url.searchParams.get('repetitions');
      return jsonResponse(
        repetitions
          ? {
              ...wso2EstimateFixture,
              repetitions: Number(repetitions),
              workerSeconds: 25 * 60,
              pendingCells: 2,
            }
          : wso2EstimateFixture,
      );
    },
    [startRoute]: start,
  });
  const onStarted = vi.fn();
  renderWithProviders(<StartStudyButton studyId="wso2-2010" studyName="WSO2 2010" onStarted={onStarted} />);
  return { ...backend, onStarted };
}

function posts(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'POST');
}

describe('StartStudyButton', () => {
  it('shows the runs and worker time before starting, and starts with the study’s own repetitions', async () => {
    const user = userEvent.setup();
    window.localStorage.clear();
    const { calls, onStarted } = renderButton(() =>
      jsonResponse({ ...sosnoskiStudyRunFixture, manageToken: 'rm_study' }, 201),
    );
    const button = screen.getByRole('button', { name: 'Start study: WSO2 2010' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const confirmation = screen.getByRole('group', { name: 'Start WSO2 2010' });
    const repetitions = within(confirmation).getByLabelText('Repetitions');
    expect(repetitions).toHaveFocus();
    expect(repetitions).toHaveValue(null);
    const line = await within(confirmation).findByText('Start 40 runs, at most 3 h 10 min of worker time');
    expect(line.closest('[aria-live="polite"]')).not.toBeNull();
    expect(calls[0].url.search).toBe('');
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(confirmation).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(JSON.parse(String(posts(calls)[0].body))).toEqual({});
    // The browser that started it may cancel it: the secret of an anonymous start is kept.
    expect(submittedRun(sosnoskiStudyRunFixture.id)?.manageToken).toBe('rm_study');
  });

  it('estimates and sends the repetitions the user chose', async () => {
    const user = userEvent.setup();
    const { calls, onStarted } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Start study: WSO2 2010' }));
    await screen.findByText('Start 40 runs, at most 3 h 10 min of worker time');

    await user.type(screen.getByLabelText('Repetitions'), '12');
    await screen.findByText('Start 40 runs, at most 25 min of worker time');
    expect(
      screen.getByText('2 cells no selected stack supports stay pending and are not sent.'),
    ).toBeInTheDocument();
    const estimates = calls.filter((call) => call.url.pathname === '/api/v1/studies/wso2-2010/estimate');
    expect(estimates[estimates.length - 1].url.searchParams.get('repetitions')).toBe('12');
    // Asked after the typing paused, not for "1" on the way to "12".
    expect(estimates.map((call) => call.url.searchParams.get('repetitions'))).not.toContain('1');

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(JSON.parse(String(posts(calls)[0].body))).toEqual({ repetitions: 12 });
  });

  it('sets what the same cells last took beside the bound, linked to that study run', async () => {
    const user = userEvent.setup();
    mockFetch({
      [estimateRoute]: () =>
        jsonResponse({
          ...wso2EstimateFixture,
          lastRun: {
            studyRunId: 'a200fe8a-b93b-44ce-a254-c09e4d09926e',
            workerSeconds: 70 * 60,
            finishedAt: '2026-11-28T06:26:51Z',
          },
        }),
    });
    renderWithProviders(<StartStudyButton studyId="wso2-2010" studyName="WSO2 2010" onStarted={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Start study: WSO2 2010' }));

    const confirmation = screen.getByRole('group', { name: 'Start WSO2 2010' });
    await within(confirmation).findByText('Start 40 runs, at most 3 h 10 min of worker time');
    const link = within(confirmation).getByRole('link', { name: /^the run that ended 28 Nov/ });
    expect(link).toHaveAttribute('href', '/study-runs/a200fe8a-b93b-44ce-a254-c09e4d09926e');
    expect(link.closest('p')).toHaveTextContent(
      /^The same cells last took 1 h 10 min \(the run that ended .+\)\.$/,
    );
  });

  it('says nothing of a last run when the same cells never completed', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Start study: WSO2 2010' }));
    await screen.findByText('Start 40 runs, at most 3 h 10 min of worker time');
    expect(screen.queryByText(/last took/)).not.toBeInTheDocument();
  });

  it('refuses repetitions out of bounds before asking anything', async () => {
    const user = userEvent.setup();
    const { calls } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Start study: WSO2 2010' }));
    await user.type(screen.getByLabelText('Repetitions'), '51');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const field = screen.getByLabelText('Repetitions');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Repetitions must be a whole number from 1 to 50, or empty.');
    expect(screen.queryByText(/of worker time/)).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('cancels without starting and gives the focus back to the start button', async () => {
    const user = userEvent.setup();
    const { calls } = renderButton();
    const button = screen.getByRole('button', { name: 'Start study: WSO2 2010' });
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Start WSO2 2010' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(posts(calls)).toHaveLength(0);
  });

  it('says when to try again after too many starts', async () => {
    const user = userEvent.setup();
    renderButton(
      () =>
        new Response(JSON.stringify({ title: 'Too Many Requests', status: 429, retryAfterSeconds: 90 }), {
          status: 429,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Start study: WSO2 2010' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many submissions: try again in 2 min');
  });
});
