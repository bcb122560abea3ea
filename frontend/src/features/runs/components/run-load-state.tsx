import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RunNotFound } from '@/features/runs/components/run-not-found';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { isApiError, problemOf } from '@/lib/api-client';
import type { Run } from '@/types/api-models';

type RunLoadStateProps = {
  query: UseQueryResult<Run>;
  children: (run: Run) => ReactNode;
};

export function RunLoadState({ query, children }: RunLoadStateProps) {
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <RunNotFound />;
    return <ProblemAlert heading="Could not load the run" problem={problemOf(query.error)} />;
  }
  return <Loading what="the run" />;
}
