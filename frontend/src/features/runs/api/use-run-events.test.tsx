import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getRunQueryOptions } from '@/features/runs/api/get-run';
import { parseRunEvent, useRunEvents } from '@/features/runs/api/use-run-events';
import { FakeEventSource } from '@/testing/fake-event-source';
import { completedRunFixture, runningRunFixture } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/test-utils';

function setup(enabled = true) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useRunEvents(runningRunFixture.id, enabled), { wrapper });
  return { queryClient, hook, key: getRunQueryOptions(runningRunFixture.id).queryKey };
}

describe('useRunEvents', () => {
  beforeEach(() => FakeEventSource.install());

  it('opens the run event stream and writes each run event into the query cache', () => {
    const { queryClient, hook, key } = setup();
    const source = FakeEventSource.latest();
    expect(source.url).toBe(`/api/v1/runs/${runningRunFixture.id}/events`);

    act(() => source.open());
    expect(hook.result.current).toBe('open');

    act(() => source.emit('run', runningRunFixture));
    expect(queryClient.getQueryData(key)?.status).toBe('running');
    expect(source.readyState).toBe(FakeEventSource.OPEN);
  });

  it('closes the stream itself once the run has finished', () => {
    const { queryClient, hook, key } = setup();
    const source = FakeEventSource.latest();
    act(() => source.open());
    act(() => source.emit('run', completedRunFixture));

    expect(queryClient.getQueryData(key)?.measurements).toHaveLength(2);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(hook.result.current).toBe('closed');
  });

  it('ignores events that are not a run and reports a stream the browser gave up on', async () => {
    const { queryClient, hook, key } = setup();
    const source = FakeEventSource.latest();
    act(() => source.emit('run', 'not json'));
    act(() => source.emit('run', { hello: 'world' }));
    expect(queryClient.getQueryData(key)).toBeUndefined();

    act(() => source.fail(false));
    expect(hook.result.current).toBe('connecting');
    act(() => source.fail(true));
    await waitFor(() => expect(hook.result.current).toBe('closed'));
  });

  it('opens nothing when disabled and closes the stream on unmount', () => {
    setup(false);
    expect(FakeEventSource.instances).toHaveLength(0);
    const { hook } = setup(true);
    const source = FakeEventSource.latest();
    hook.unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('parses only objects with an id and a status', () => {
    expect(parseRunEvent(JSON.stringify(runningRunFixture))?.slug).toBe('k3x9q2');
    expect(parseRunEvent('null')).toBeNull();
    expect(parseRunEvent('{"id": 3}')).toBeNull();
  });
});
