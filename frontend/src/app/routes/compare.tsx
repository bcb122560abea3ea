import { useNavigate, useSearchParams } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { useComparison } from '@/features/compare/api/get-comparison';
import { ComparePicker } from '@/features/compare/components/compare-picker';
import { ComparisonView } from '@/features/compare/components/comparison-view';
import { type CompareState, readCompareState } from '@/features/compare/utils/compare-url';
import { problemOf } from '@/lib/api-client';
import { compareHref } from '@/lib/compare-link';
import { useDocumentTitle } from '@/hooks/use-document-title';
import '@/features/compare/compare.css';

/** /compare?runs=a,b&baseline=a: runs of one WSDL side by side; the whole view lives in the URL. */
export function CompareRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = readCompareState(params);
  const comparison = useComparison(state);
  useDocumentTitle('Compare runs');

  function show(next: CompareState) {
    navigate(compareHref(next.runs, next.baseline));
  }

  return (
    <>
      <h1>Compare runs</h1>
      <p className="lead">
        Up to five runs of the same WSDL side by side, each stack against the baseline run, with every
        difference in workload or machine named.
      </p>
      <ComparePicker state={state} found={comparison.data?.runs} onChange={show} />
      {state.runs.length > 0 && comparison.isPending ? <Loading what="the comparison" /> : null}
      {state.runs.length > 0 && comparison.isError ? (
        <ProblemAlert heading="Cannot compare these runs" problem={problemOf(comparison.error)} />
      ) : null}
      {state.runs.length > 0 && comparison.data && !comparison.isError ? (
        <ComparisonView comparison={comparison.data} state={state} />
      ) : null}
    </>
  );
}
