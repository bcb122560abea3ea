import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunSummary } from '@/features/runs/components/run-summary';
import { completedRunFixture } from '@/testing/fixtures';
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
});
