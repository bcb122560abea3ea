import type { UseQueryResult } from '@tanstack/react-query';
import type { AnalysisSource } from '@/features/submit/api/analyze-wsdl';
import { AnalysisDetails } from '@/features/submit/components/analysis-details';
import { AnalysisPolicies } from '@/features/submit/components/analysis-policies';
import type { PolicyChoice } from '@/features/submit/utils/workload-defaults';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { isApiError, isRateLimited } from '@/lib/api-client';
import type { Analysis, Stack } from '@/types/api-models';

type AnalysisPreviewProps = {
  source: AnalysisSource | null;
  analysis: UseQueryResult<Analysis, Error>;
  stacks: Stack[];
  /** Whether the run keeps the WSDL's WS-Policies or measures without them. */
  policy: PolicyChoice;
  onPolicyChange: (policy: PolicyChoice) => void;
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function sourceName(source: AnalysisSource): string {
  return source.kind === 'catalog' ? source.catalog : source.wsdl.name;
}

function summarise(analysis: Analysis): string {
  const operations = new Set((analysis.operations ?? []).map((operation) => operation.name)).size;
  const stacks = analysis.stacks ?? [];
  const buildable = stacks.filter((stack) => stack.buildable).length;
  const defects = stacks.reduce((sum, stack) => sum + (stack.knownDefects?.length ?? 0), 0);
  const parts = [
    `${plural(operations, 'operation')}; ${buildable} of ${plural(stacks.length, 'stack')} can build it.`,
  ];
  if (defects > 0)
    parts.push(`${plural(defects, 'known defect')} of the stacks ${defects === 1 ? 'applies' : 'apply'}.`);
  if (analysis.warnings?.length) parts.push(`${plural(analysis.warnings.length, 'warning')}.`);
  return parts.join(' ');
}

function statusText(source: AnalysisSource | null, analysis: UseQueryResult<Analysis, Error>): string {
  if (!source)
    return 'Choose a catalog service or a WSDL file: its operations, and which stacks can build it, show here before you submit.';
  if (analysis.isFetching) return `Analysing ${sourceName(source)}…`;
  if (analysis.isError) return `${sourceName(source)} could not be analysed.`;
  if (analysis.data) return `${sourceName(source)}: ${summarise(analysis.data)}`;
  return '';
}

/** The WSDL the run would send, analysed before it is sent: the same checks a submission makes. */
export function AnalysisPreview({ source, analysis, stacks, policy, onPolicyChange }: AnalysisPreviewProps) {
  // A rate limit or a lost connection is worth asking again; a broken WSDL needs another file.
  const canRetry =
    isRateLimited(analysis.error) || (isApiError(analysis.error) && analysis.error.status === 0);
  return (
    <section className="analysis-preview" aria-labelledby="analysis-preview-heading">
      <h3 id="analysis-preview-heading">WSDL analysis</h3>
      <p className="hint" aria-live="polite">
        {statusText(source, analysis)}
      </p>
      {source && analysis.isError && !analysis.isFetching ? (
        <>
          <RequestErrorAlert
            error={analysis.error}
            heading="The WSDL could not be analysed"
            tooMany="Too many analyses"
          />
          {canRetry ? (
            <button type="button" className="button button-secondary" onClick={() => void analysis.refetch()}>
              Analyse again
            </button>
          ) : null}
        </>
      ) : null}
      {source ? (
        <AnalysisPolicies analysis={analysis.data} policy={policy} onPolicyChange={onPolicyChange} />
      ) : null}
      {source && analysis.data ? <AnalysisDetails analysis={analysis.data} stacks={stacks} /> : null}
    </section>
  );
}
