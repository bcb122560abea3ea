import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ProjectHistory } from '@/types/api-models';

export function getProjectHistory(
  project: string,
  branch: string,
  signal?: AbortSignal,
): Promise<ProjectHistory> {
  const query = new URLSearchParams({ project, branch });
  return apiRequest<ProjectHistory>(`/projects/history?${query}`, { signal });
}

export function useProjectHistory(project: string, branch: string) {
  return useQuery(
    queryOptions({
      queryKey: ['projects', 'history', project, branch],
      queryFn: ({ signal }) => getProjectHistory(project, branch, signal),
      enabled: project !== '',
    }),
  );
}
