import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunDownloads } from '@/features/runs/components/run-downloads';
import { completedRunFixture } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';

describe('run downloads', () => {
  it('links the CSV, the JSON, the histograms and the bundle of a run with measurements', () => {
    renderWithProviders(<RunDownloads run={completedRunFixture} />);
    const base = `/api/v1/runs/${completedRunFixture.id}`;
    expect(screen.getByRole('link', { name: 'Measurements (CSV)' })).toHaveAttribute(
      'href',
      `${base}?format=csv`,
    );
    expect(screen.getByRole('link', { name: 'The run with its statistics (JSON)' })).toHaveAttribute(
      'href',
      `${base}?format=json`,
    );
    expect(screen.getByRole('link', { name: /HdrHistogram/ })).toHaveAttribute('href', `${base}/histograms`);
    expect(screen.getByRole('link', { name: /what to resubmit \(zip\)/ })).toHaveAttribute(
      'href',
      `${base}/bundle.zip`,
    );
  });

  it('offers nothing before the first measurement', () => {
    renderWithProviders(<RunDownloads run={{ ...completedRunFixture, measurements: [] }} />);
    expect(screen.queryByRole('heading', { name: 'Downloads' })).not.toBeInTheDocument();
  });
});
