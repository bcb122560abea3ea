import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RunRoute } from '@/app/routes/run';
import { FakeEventSource } from '@/testing/fake-event-source';
import {
  abRunFixture,
  axis2BuildFailure,
  completedRunFixture,
  completedWithFailureRunFixture,
  measuringRunFixture,
  runningRunFixture,
  twoOperationRunFixture,
} from '@/testing/fixtures';
import { repeatedRunFixture } from '@/testing/statistics-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';

const runPath = `/api/v1/runs/${runningRunFixture.id}`;

function renderRunPage() {
  return renderWithProviders(<RunRoute />, { path: '/runs/:id', route: `/runs/${runningRunFixture.id}` });
}

describe('run page', () => {
  beforeEach(() => FakeEventSource.install());

  it('shows status, analysis, stack states and the share URL of a running run', async () => {
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse(runningRunFixture) });
    renderRunPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Run k3x9q2' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Run status' })).toHaveTextContent('running');
    expect(screen.getByLabelText('Share URL')).toHaveValue('http://localhost:3000/r/k3x9q2');
    expect(screen.getByRole('button', { name: 'Copy share URL' })).toBeInTheDocument();

    const support = screen.getByRole('table', { name: 'Which stacks can build this WSDL' });
    expect(
      within(support).getByRole('row', { name: /axis2c no rpc-encoded is not supported/ }),
    ).toBeInTheDocument();
    const operations = screen.getByRole('table', { name: 'Operations' });
    expect(
      within(operations).getByRole('row', { name: /echo document-literal-wrapped 1.1/ }),
    ).toBeInTheDocument();

    const stacks = screen.getByRole('region', { name: 'Stacks' });
    expect(within(stacks).getByText('building')).toBeInTheDocument();
    await userEvent.click(within(stacks).getByText('Build log of Apache CXF'));
    expect(within(stacks).getByText('[INFO] Building echo-cxf')).toBeVisible();
  });

  it('applies run events from the stream until the results are in', { timeout: 30_000 }, async () => {
    const { calls } = mockFetch({ [`GET ${runPath}`]: () => jsonResponse(runningRunFixture) });
    const { queryClient } = renderRunPage();
    await screen.findByRole('heading', { level: 1, name: 'Run k3x9q2' });

    const source = FakeEventSource.latest();
    expect(source.url).toBe(`${runPath}/events`);
    act(() => source.open());
    expect(screen.getByText('Live updates connected')).toBeInTheDocument();

    act(() => source.emit('run', completedRunFixture));

    expect(screen.getByRole('status', { name: 'Run status' })).toHaveTextContent('completed');
    expect(queryClient.getQueryData(['runs', 'detail', runningRunFixture.id])).toEqual(completedRunFixture);
    const results = screen.getByRole('table', { name: 'Results per stack' });
    expect(within(results).getAllByRole('row')).toHaveLength(3);
    expect(within(results).getByRole('rowheader', { name: 'Apache CXF' })).toBeInTheDocument();
    // One repetition of 300 requests: no verdict, and nothing that reads as a ranking.
    expect(screen.getByRole('region', { name: 'Verdict' })).toHaveTextContent(
      'not enough data for a verdict: 1 paired round, at least 6 needed',
    );
    expect(within(results).queryByRole('columnheader', { name: 'Band' })).not.toBeInTheDocument();
    // The chart code is loaded lazily; its first import in a test run takes a few seconds.
    const throughput = await screen.findByRole(
      'img',
      { name: /^Throughput per stack.*Apache CXF 2,501 req\/s, gSOAP 6,000 req\/s$/ },
      { timeout: 15_000 },
    );
    expect(throughput).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^p99 latency per stack.*Apache CXF 12.5 ms, gSOAP 1.8 ms$/ }),
    ).toBeInTheDocument();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(calls.filter((call) => call.url.pathname === runPath)).toHaveLength(1);
  });

  it('does not open a stream for a run that has already finished', async () => {
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse(completedRunFixture) });
    renderRunPage();
    await screen.findByRole('table', { name: 'Results per stack' });
    expect(FakeEventSource.instances.every((source) => source.readyState === FakeEventSource.CLOSED)).toBe(
      true,
    );
    expect(screen.queryByText(/Live updates/)).not.toBeInTheDocument();
  });

  it('labels the verdicts of a run that is still measuring as provisional', async () => {
    const measuring = { ...repeatedRunFixture, status: 'running' as const, finishedAt: null };
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse(measuring) });
    renderRunPage();
    const verdicts = await screen.findByRole('region', { name: 'Verdicts' });
    expect(within(verdicts).getByText('provisional: the run is still measuring')).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Results per stack (provisional: the run is still measuring)' }),
    ).toBeInTheDocument();
  });

  it('is titled by the run, and says so when the run is not found', async () => {
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse(completedRunFixture) });
    const { unmount } = renderRunPage();
    await screen.findByRole('heading', { level: 1, name: 'Run k3x9q2' });
    await waitFor(() => expect(document.title).toBe('Run k3x9q2 — SOAPBench'));
    unmount();

    mockFetch({});
    renderRunPage();
    await screen.findByRole('heading', { name: 'Run not found' });
    await waitFor(() => expect(document.title).toBe('Run not found — SOAPBench'));
  });

  it('tells the whole truth about a stack that did not build', { timeout: 30_000 }, async () => {
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse(completedWithFailureRunFixture) });
    renderRunPage();

    const results = await screen.findByRole('table', { name: 'Results per stack' });
    expect(screen.getByRole('status', { name: 'Run status' })).toHaveTextContent('completed with failures');
    const axis2 = within(results).getByRole('rowheader', { name: 'Apache Axis2' }).closest('tr')!;
    expect(axis2).toHaveTextContent(`not measured: build failed — ${axis2BuildFailure}`);
    const throughput = await screen.findByRole(
      'img',
      {
        name: /^Throughput per stack.*Apache CXF 2,501 req\/s, gSOAP 6,000 req\/s, Apache Axis2 not measured$/,
      },
      { timeout: 15_000 },
    );
    expect(throughput).toBeInTheDocument();
  });

  it('says near the top which stack is built from which WSDL in an A/B of two WSDLs', async () => {
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse(abRunFixture) });
    renderRunPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Run k3x9q2' });
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      'A/B of two WSDLs: gsoap@2.8.124 is the base WSDL, gsoap@2.8.124+head the head WSDL (service.wsdl)',
    );
    expect(heading.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      note.compareDocumentPosition(screen.getByRole('region', { name: 'Stacks' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('has no A/B line for a run of one WSDL', async () => {
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse(completedRunFixture) });
    renderRunPage();
    await screen.findByRole('heading', { level: 1, name: 'Run k3x9q2' });
    expect(screen.queryByText(/A\/B of two WSDLs/)).not.toBeInTheDocument();
  });

  it('shows who sees the run', async () => {
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse({ ...completedRunFixture, visibility: 'unlisted' }) });
    renderRunPage();
    await screen.findByRole('heading', { level: 1, name: 'Run k3x9q2' });
    expect(screen.getByText('Unlisted — anyone with the link, never listed')).toBeInTheDocument();
  });

  it('shows what the worker is doing, near the top, and the results so far as provisional', async () => {
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse(measuringRunFixture) });
    renderRunPage();
    const progress = await screen.findByRole('region', { name: 'Progress' });
    expect(progress).toHaveTextContent('Now: measuring cxf (round 2 of 5)');
    expect(progress).toHaveTextContent('3 of 10 measurements done.');
    expect(
      progress.compareDocumentPosition(screen.getByRole('region', { name: 'Summary' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: /^Results per stack/ })).getAllByText('so far'),
    ).toHaveLength(2);
  });

  it('keeps its headings in order, every table captioned', async () => {
    mockFetch({ [`GET ${runPath}`]: () => jsonResponse({ ...twoOperationRunFixture, status: 'running' }) });
    renderRunPage();
    await screen.findByRole('region', { name: 'Progress' });
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.slice(1).forEach((level, index) => expect(level).toBeLessThanOrEqual(levels[index] + 1));
    for (const table of document.querySelectorAll('table'))
      expect(table.querySelector('caption')).not.toBeNull();
  });
});
