import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunSummary } from '@/features/runs/components/run-summary';
import {
  axis2BuildFailure,
  completedRunFixture,
  completedWithFailureRunFixture,
  measuringRunFixture,
  verifyFailedRunFixture,
  warmedUpRunFixture,
  wsfVerifyFailure,
} from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';

describe('run summary', () => {
  it('says which project, branch and commit a pipeline measured, linking to its job', () => {
    renderWithProviders(
      <RunSummary
        run={{
          ...completedRunFixture,
          ci: {
            project: 'acme/billing',
            branch: 'feature/faster-codec',
            commit: '0123456789abcdef0123',
            url: 'https://ci.example/jobs/7',
          },
        }}
      />,
    );
    const link = screen.getByRole('link', { name: 'acme/billing · feature/faster-codec · 0123456789ab' });
    expect(link).toHaveAttribute('href', 'https://ci.example/jobs/7');
    expect(screen.getByRole('link', { name: 'branch history' })).toHaveAttribute(
      'href',
      '/projects?project=acme%2Fbilling&branch=feature%2Ffaster-codec',
    );
  });

  it('links nothing but http and https', () => {
    renderWithProviders(
      <RunSummary
        run={{ ...completedRunFixture, ci: { project: 'acme/billing', url: 'javascript:alert(1)' } }}
      />,
    );
    expect(screen.getByText(/^acme\/billing/)).toHaveTextContent('acme/billing (branch history)');
    expect(screen.queryByRole('link', { name: 'acme/billing' })).not.toBeInTheDocument();
  });

  it('shows no CI line for a run from elsewhere', () => {
    renderWithProviders(<RunSummary run={{ ...completedRunFixture, ci: null }} />);
    expect(screen.queryByText('From CI')).not.toBeInTheDocument();
  });

  it('says who sees the run, in the words of the submit form', () => {
    const words = {
      public: 'Public — listed on the runs page and in histories',
      unlisted: 'Unlisted — anyone with the link, never listed',
      private: 'Private — only with your API token (others get not found)',
    } as const;
    for (const visibility of ['public', 'unlisted', 'private'] as const) {
      const { unmount } = renderWithProviders(<RunSummary run={{ ...completedRunFixture, visibility }} />);
      expect(screen.getByText('Visibility').nextElementSibling).toHaveTextContent(words[visibility]);
      expect(screen.queryByText(/only by link/i)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('calls a completed run in which a stack failed "completed with failures", and names the stack', () => {
    renderWithProviders(<RunSummary run={completedWithFailureRunFixture} />);
    const status = screen.getByRole('status', { name: 'Run status' });
    expect(status).toHaveTextContent('Run status: completed with failures');
    expect(within(status).getByText('completed with failures')).toHaveClass('badge-warning');
    expect(screen.getByText('Not measured: Apache Axis2 (build failed).')).toBeInTheDocument();
    expect(screen.queryByText(axis2BuildFailure)).not.toBeInTheDocument();
  });

  it('keeps plain "completed" when every stack was measured, and "failed" for a failed run', () => {
    const { unmount } = renderWithProviders(<RunSummary run={completedRunFixture} />);
    expect(screen.getByRole('status', { name: 'Run status' })).toHaveTextContent(/^Run status: completed$/);
    expect(screen.queryByText(/^Not measured/)).not.toBeInTheDocument();
    unmount();

    for (const status of ['unsupported', 'verify_failed', 'failed'] as const) {
      const run = {
        ...completedRunFixture,
        stacks: [completedRunFixture.stacks[0], { ...completedRunFixture.stacks[1], status }],
      };
      const rendered = renderWithProviders(<RunSummary run={run} />);
      expect(screen.getByRole('status', { name: 'Run status' })).toHaveTextContent('completed with failures');
      rendered.unmount();
    }

    renderWithProviders(
      <RunSummary run={{ ...completedWithFailureRunFixture, status: 'failed', failure: 'no stack built' }} />,
    );
    expect(screen.getByRole('status', { name: 'Run status' })).toHaveTextContent(/^Run status: failed$/);
  });

  it('gives the warm-up each stack really got, with what the workload asked for', () => {
    renderWithProviders(<RunSummary run={warmedUpRunFixture} />);
    const warmup = screen.getByText('Warm-up').nextElementSibling as HTMLElement;
    expect(
      within(warmup)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'gSOAP 2.8.124: 500 requests before each round',
      'Apache CXF 4.2.3: 80.2 s, 304,403 requests before the first round (steady); 500 requests before each later one',
    ]);
    expect(warmup).toHaveTextContent(/asked for: 500 requests before each measurement$/);
  });

  it('gives only what was asked for until a stack is measured', () => {
    renderWithProviders(<RunSummary run={{ ...measuringRunFixture, measurements: [] }} />);
    expect(screen.getByText('Warm-up').nextElementSibling).toHaveTextContent(
      'asked for: 500 requests before each measurement; what each stack got shows once it is measured',
    );
  });

  it('counts a stack that failed verification as a failure of the run', () => {
    renderWithProviders(<RunSummary run={verifyFailedRunFixture} />);
    expect(screen.getByRole('status', { name: 'Run status' })).toHaveTextContent(
      'Run status: completed with failures',
    );
    expect(screen.getByText('Not measured: WSO2 WSF/C++ (verification failed).')).toBeInTheDocument();
    expect(screen.queryByText(wsfVerifyFailure)).not.toBeInTheDocument();
  });
});
