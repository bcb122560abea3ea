import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClaimCauses } from '@/features/studies/components/claim-causes';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { sosnoskiStudyRunFixture, wso2EstimateFixture } from '@/testing/study-fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import type { ProbeFinding, RatioComparison } from '@/types/api-models';

const neutral: ProbeFinding = {
  probe: 'neutral-driver',
  label: 'the neutral driver',
  question: 'Is it the clients?',
  studyRunId: '6f1c1d7e-0000-4000-8000-000000000001',
  status: 'completed',
  verdict: 'reproduced',
  verdictReason: 'our 95 % interval 1.05–1.20× overlaps the article’s',
  cellVerdicts: [],
  accounts: 'accounts',
  finding:
    'With the neutral driver the claim is reproduced (small/plain/c1/article: 3.80× (3.61–3.95) → 1.12× (1.05–1.20)): this change accounts for the difference.',
};

const older: ProbeFinding = {
  probe: 'older-lines',
  label: 'the older stack lines',
  question: 'Did the stacks change?',
  studyRunId: null,
  status: null,
  verdict: null,
  verdictReason: null,
  cellVerdicts: [],
  accounts: 'unknown',
  finding: 'not measured yet: this probe has not been run.',
};

const claim: RatioComparison = {
  published: {
    size: 'small',
    security: 'plain',
    stack: 'metro',
    baseline: 'cxf',
    ratio: 1.1,
    text: 'Metro is about 10 percent faster than CXF.',
  },
  status: 'measured',
  cells: [],
  verdict: 'not-reproduced',
  notEnoughData: false,
  probes: [neutral, older],
};

function renderCauses(comparisons: RatioComparison[]) {
  const backend = mockFetch({
    'GET /api/v1/studies/sosnoski-2010/estimate': () => jsonResponse(wso2EstimateFixture),
    'POST /api/v1/studies/sosnoski-2010/runs': () => jsonResponse(sosnoskiStudyRunFixture, 201),
  });
  renderWithProviders(
    <ClaimCauses
      studyId="sosnoski-2010"
      studyName="Sosnoski 2010"
      comparisons={comparisons}
      stackName={(id) => id.toUpperCase()}
    />,
  );
  return backend;
}

describe('ClaimCauses', () => {
  it('says per claim what each probe showed, links its latest run and says when one never ran', () => {
    renderCauses([claim]);

    const causes = screen.getByRole('article', { name: `Causes: ${claim.published.text}` });
    expect(within(causes).getByText('accounts for it')).toHaveClass('badge-good');
    expect(within(causes).getByText(/3\.80× \(3\.61–3\.95\) → 1\.12× \(1\.05–1\.20\)/)).toBeInTheDocument();
    expect(within(causes).getByText('not measured yet')).toHaveClass('badge-muted');
    expect(screen.getByRole('link', { name: 'Its latest run (completed)' })).toHaveAttribute(
      'href',
      `/study-runs/${neutral.studyRunId}`,
    );
    expect(screen.getByText('Not run yet.')).toBeInTheDocument();
  });

  it('runs a probe after confirming its estimate, asking for the probe and not the study', async () => {
    const user = userEvent.setup();
    const { calls } = renderCauses([claim]);

    await user.click(
      screen.getByRole('button', { name: 'Run the probe: Sosnoski 2010 with the neutral driver' }),
    );
    const confirmation = screen.getByRole('group', { name: 'Start Sosnoski 2010 with the neutral driver' });
    await within(confirmation).findByText(/Start 40 runs/);
    expect(calls[0].url.searchParams.get('probe')).toBe('neutral-driver');
    await user.click(within(confirmation).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.body))).toEqual({ probe: 'neutral-driver' });
  });

  it('shows nothing for a study without probes', () => {
    const { container } = renderWithProviders(
      <ClaimCauses
        studyId="x"
        studyName="X"
        comparisons={[{ ...claim, probes: [] }]}
        stackName={(id) => id}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
