import { OperationsTable } from '@/components/ui/operations-table';
import { defectWarning } from '@/features/submit/utils/stack-concerns';
import type { Analysis, Stack } from '@/types/api-models';

type AnalysisDetailsProps = {
  analysis: Analysis;
  stacks: Stack[];
};

/** The operations with their style and SOAP version, what each stack can do with the WSDL, and the warnings. */
export function AnalysisDetails({ analysis, stacks }: AnalysisDetailsProps) {
  const names = new Map(stacks.map((stack) => [stack.id, stack.displayName || stack.id]));
  const operations = analysis.operations ?? [];
  const support = analysis.stacks ?? [];
  return (
    <div className="analysis-details">
      {operations.length > 0 ? (
        <OperationsTable operations={operations} label="Operations of the WSDL" />
      ) : null}

      {support.length > 0 ? (
        <>
          <h4>Which stacks can build it</h4>
          <ul className="analysis-stacks">
            {support.map((entry) => {
              const name = names.get(entry.id ?? '') ?? entry.id ?? '';
              return (
                <li key={entry.id}>
                  <span className="stack-name">{name}</span>
                  {entry.buildable
                    ? ' — can build it'
                    : ` — cannot build it${entry.reason ? `: ${entry.reason}` : ''}`}
                  {entry.buildable && entry.reason ? ` (${entry.reason})` : null}
                  {(entry.knownDefects ?? []).map((defect) => (
                    <p key={defect.feature} className="alert alert-warning defect-warning">
                      {defectWarning(name, defect)}
                    </p>
                  ))}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}

      {analysis.warnings?.length ? (
        <>
          <h4>Warnings</h4>
          <ul>
            {analysis.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
