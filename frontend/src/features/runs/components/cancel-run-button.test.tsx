import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelRunButton } from '@/features/runs/components/cancel-run-button';
import { WorkerSilence } from '@/features/runs/components/worker-silence';
import { rememberSubmittedRun } from '@/lib/run-manage-tokens';
import { runningRunFixture } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { Run } from '@/types/api-models';

const cancelPath = `/api/v1/runs/${runningRunFixture.id}/cancel`;

function renderButton(run: Run) {
  return renderWithProviders(<CancelRunButton run={run} cacheKey={run.id} />);
}

describe('cancel button', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
  });
  afterEach(() => vi.restoreAllMocks());

  it('is not offered for a run this browser did not submit', () => {
    mockFetch({});
    renderButton(runningRunFixture);
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
  });

  it('sends the manage token of an anonymous submission and shows the cancelling run', async () => {
    rememberSubmittedRun(runningRunFixture.id, 'rm_secret');
    const { calls } = mockFetch({
      [`POST ${cancelPath}`]: () => jsonResponse({ ...runningRunFixture, status: 'cancelling' }, 202),
    });
    const { queryClient } = renderButton(runningRunFixture);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel run' }));

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].headers.get('X-Run-Manage-Token')).toBe('rm_secret');
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<Run>(['runs', 'detail', runningRunFixture.id])?.status).toBe(
        'cancelling',
      ),
    );
  });

  it('says why the server refused, e.g. a run that ended meanwhile', async () => {
    rememberSubmittedRun(runningRunFixture.id);
    mockFetch({
      [`POST ${cancelPath}`]: () =>
        jsonResponse(
          { title: 'Conflict', status: 409, detail: 'Run has already ended: it is completed.' },
          409,
          'application/problem+json',
        ),
    });
    renderButton(runningRunFixture);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel run' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('it is completed');
  });

  it('is gone once the run has ended, and says so while the worker stops', () => {
    rememberSubmittedRun(runningRunFixture.id, 'rm_secret');
    mockFetch({});
    const { unmount } = renderButton({ ...runningRunFixture, status: 'completed' });
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
    unmount();
    renderButton({ ...runningRunFixture, status: 'cancelling' });
    expect(screen.getByRole('status', { name: 'Cancel' })).toHaveTextContent('the worker is stopping');
  });
});

describe('worker silence', () => {
  it('says the worker stopped answering, since when and at which step', () => {
    renderWithProviders(
      <WorkerSilence
        run={{
          ...runningRunFixture,
          workerId: 'w-1',
          workerSilentSince: '2026-11-20T10:03:04Z',
          workerStep: 'measuring cxf (round 2 of 3)',
        }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The worker stopped answering');
    expect(alert).toHaveTextContent('w-1');
    expect(alert).toHaveTextContent('measuring cxf (round 2 of 3)');
  });

  it('shows nothing while the worker answers', () => {
    renderWithProviders(<WorkerSilence run={{ ...runningRunFixture, workerSilentSince: null }} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
