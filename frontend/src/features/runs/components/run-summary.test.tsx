import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunSummary } from '@/features/runs/components/run-summary';
import { axis2BuildFailure, completedRunFixture, completedWithFailureRunFixture } from '@/testing/fixtures';
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
});
