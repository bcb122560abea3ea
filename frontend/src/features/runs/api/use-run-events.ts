import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getRunQueryOptions } from '@/features/runs/api/get-run';
import { isRunFinished } from '@/features/runs/utils/run-status';
import { apiBase } from '@/lib/api-client';
import type { Run } from '@/types/api-models';

export type RunEventsState = 'connecting' | 'open' | 'closed' | 'unsupported';

export function runEventsUrl(id: string): string {
  return `${apiBase}/runs/${encodeURIComponent(id)}/events`;
}

export function parseRunEvent(data: string): Run | null {
  try {
    const parsed = JSON.parse(data) as Partial<Run>;
    return parsed && typeof parsed.id === 'string' && typeof parsed.status === 'string'
      ? (parsed as Run)
      : null;
  } catch {
    return null;
  }
}

/**
 * Follows GET /runs/{id}/events and writes every `run` event into the query cache, so every view of the
 * run re-renders from the same data that polling would fetch. Returns the stream's state so the caller
 * can poll faster while the stream is not open.
 */
export function useRunEvents(id: string, enabled: boolean): RunEventsState {
  const queryClient = useQueryClient();
  const supported = typeof EventSource !== 'undefined';
  const [state, setState] = useState<RunEventsState>(supported ? 'connecting' : 'unsupported');

  useEffect(() => {
    if (!enabled || !supported) return;
    const source = new EventSource(runEventsUrl(id));
    const queryKey = getRunQueryOptions(id).queryKey;

    source.onopen = () => setState('open');
    source.addEventListener('run', (event) => {
      const run = parseRunEvent((event as MessageEvent<string>).data);
      if (!run) return;
      queryClient.setQueryData(queryKey, run);
      if (isRunFinished(run.status)) {
        // The server ends the stream after the last state; closing first stops EventSource reconnecting.
        source.close();
        setState('closed');
      }
    });
    source.onerror = () => {
      // CONNECTING means EventSource is retrying by itself; CLOSED means it gave up (a 404, or not SSE).
      setState(source.readyState === EventSource.CLOSED ? 'closed' : 'connecting');
    };
    return () => source.close();
  }, [id, enabled, supported, queryClient]);

  return state;
}
