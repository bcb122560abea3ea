import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelStudyRunButton } from '@/features/studies/components/cancel-study-run-button';
import { rememberSubmittedRun } from '@/lib/run-manage-tokens';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { sosnoskiStudyRunFixture } from '@/testing/study-fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import type { StudyRun } from '@/types/api-models';

const studyRun = sosnoskiStudyRunFixture;
const cancelRoute = `POST /api/v1/study-runs/${studyRun.id}/cancel`;
const cancelledRun: StudyRun = {
  ...studyRun,
  status: 'cancelled',
  cells: studyRun.cells.map((cell) => (cell.status === 'pending' ? cell : { ...cell, status: 'cancelled' })),
};

describe('CancelStudyRunButton', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
  });
  afterEach(() => vi.restoreAllMocks());

  it('is not offered for a study run this browser did not start', () => {
    mockFetch({});
    renderWithProviders(<CancelStudyRunButton studyRun={studyRun} />);
    expect(screen.queryByRole('button', { name: 'Cancel study run' })).not.toBeInTheDocument();
  });

  it('sends the manage token of an anonymous start and shows the cancelled study run', async () => {
    rememberSubmittedRun(studyRun.id, 'rm_study');
    const { calls } = mockFetch({ [cancelRoute]: () => jsonResponse(cancelledRun) });
    const { queryClient } = renderWithProviders(<CancelStudyRunButton studyRun={studyRun} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel study run' }));

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].headers.get('X-Run-Manage-Token')).toBe('rm_study');
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<StudyRun>(['study-runs', 'detail', studyRun.id])?.status).toBe(
        'cancelled',
      ),
    );
  });

  it('says why the server refused, and is gone once the study run has ended', async () => {
    rememberSubmittedRun(studyRun.id, 'rm_study');
    mockFetch({
      [cancelRoute]: () =>
        jsonResponse(
          { title: 'Conflict', status: 409, detail: 'Study run has already ended: it is completed.' },
          409,
          'application/problem+json',
        ),
    });
    const { unmount } = renderWithProviders(<CancelStudyRunButton studyRun={studyRun} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel study run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('it is completed');
    unmount();

    renderWithProviders(<CancelStudyRunButton studyRun={cancelledRun} />);
    expect(screen.queryByRole('button', { name: 'Cancel study run' })).not.toBeInTheDocument();
  });

  it('says the workers are stopping while a cell is being cancelled', () => {
    rememberSubmittedRun(studyRun.id, 'rm_study');
    mockFetch({});
    const cancelling: StudyRun = {
      ...studyRun,
      cells: studyRun.cells.map((cell, i) => (i === 0 ? { ...cell, status: 'cancelling' } : cell)),
    };
    renderWithProviders(<CancelStudyRunButton studyRun={cancelling} />);
    expect(screen.getByRole('status', { name: 'Cancel' })).toHaveTextContent('the workers are stopping');
  });
});
