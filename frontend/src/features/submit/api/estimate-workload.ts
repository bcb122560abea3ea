import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { apiRequest } from '@/lib/api-client';
import type { WorkEstimate, Workload } from '@/types/api-models';

/** Waits this long after the last edit: typing "2000" asks once, not four times. */
export const estimateDelayMs = 400;

export function estimateWorkload(workload: Workload, signal?: AbortSignal): Promise<WorkEstimate> {
  return apiRequest<WorkEstimate>('/estimates', { method: 'POST', json: { workload }, signal });
}

/**
 * The worker time the service would charge the workload, asked again once the form has been still
 * for a moment. `workload` is null while the form cannot make one; nothing is asked then.
 */
export function useWorkloadEstimate(workload: Workload | null) {
  const current = workload ? JSON.stringify(workload) : null;
  const settled = useDebouncedValue(current, estimateDelayMs);
  const query = useQuery({
    queryKey: ['estimate', settled],
    queryFn: ({ signal }) => estimateWorkload(JSON.parse(settled!) as Workload, signal),
    enabled: settled !== null,
    retry: false,
    staleTime: 60_000,
    // The last estimate stays while the next is asked, so the line does not blink at every keystroke.
    placeholderData: keepPreviousData,
  });
  return {
    // A workload the form cannot make has no estimate, not the last one's.
    data: current === null || settled === null ? undefined : query.data,
    error: query.error,
    isFetching: query.isFetching,
  };
}
