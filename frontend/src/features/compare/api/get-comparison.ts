import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompareState } from '@/features/compare/utils/compare-url';
import { apiBase, apiRequest } from '@/lib/api-client';
import type { RunComparison } from '@/types/api-models';

// While a compared run still measures its figures move; a slow poll keeps the page current.
const unfinishedPollMillis = 5_000;

/** The query string of GET /api/v1/compare for a comparison, format aside. */
export function compareQuery({ runs, baseline }: CompareState, format?: 'csv' | 'json'): string {
  const query = new URLSearchParams({ runs: runs.join(',') });
  if (baseline) query.set('baseline', baseline);
  if (format) query.set('format', format);
  return query.toString();
}

export function comparisonDownloadHref(state: CompareState, format: 'csv' | 'json'): string {
  return `${apiBase}/compare?${compareQuery(state, format)}`;
}

export function getComparison(state: CompareState, signal?: AbortSignal): Promise<RunComparison> {
  return apiRequest<RunComparison>(`/compare?${compareQuery(state)}`, { signal });
}

export function getComparisonQueryOptions(state: CompareState) {
  return queryOptions({
    queryKey: ['compare', state.runs, state.baseline ?? null],
    queryFn: ({ signal }) => getComparison(state, signal),
  });
}

export function useComparison(state: CompareState) {
  return useQuery({
    ...getComparisonQueryOptions(state),
    enabled: state.runs.length > 0,
    // The previous comparison stays on screen while a changed one loads, so the page does not jump.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.runs.some(
        (run) => !run.complete && run.status !== 'failed' && run.status !== 'cancelled',
      )
        ? unfinishedPollMillis
        : false,
  });
}
