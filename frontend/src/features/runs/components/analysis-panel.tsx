import { OperationsTable } from '@/components/ui/operations-table';
import type { Analysis, RunStack } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';

type AnalysisPanelProps = {
  analysis: Analysis | undefined;
  stacks: RunStack[];
};

export function AnalysisPanel({ analysis, stacks }: AnalysisPanelProps) {
  if (!analysis) return null;
  const names = new Map(stacks.map((stack) => [stack.id, stack.displayName || stack.id]));
  const operations = analysis.operations ?? [];
  const support = analysis.stacks ?? [];
  return (
    <section className="card" aria-labelledby="analysis-heading">
      <h2 id="analysis-heading">Analysis</h2>
      <dl className="facts">
        {analysis.entry ? (
          <>
            <dt>Entry</dt>
            <dd>{analysis.entry}</dd>
          </>
        ) : null}
        {analysis.targetNamespace ? (
          <>
            <dt>Target namespace</dt>
            <dd>
              <code>{analysis.targetNamespace}</code>
            </dd>
          </>
        ) : null}
        {analysis.services?.length ? (
          <>
            <dt>Services</dt>
            <dd>{analysis.services.join(', ')}</dd>
          </>
        ) : null}
      </dl>

      {operations.length > 0 ? <OperationsTable operations={operations} label="Operations" /> : null}

      {support.length > 0 ? (
        <TableScroll label="Buildability per stack">
          <table className="data-table">
            <caption>Which stacks can build this WSDL</caption>
            <thead>
              <tr>
                <th scope="col">Stack</th>
                <th scope="col">Buildable</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {support.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{names.get(item.id ?? '') ?? item.id}</th>
                  <td>{item.buildable ? 'yes' : 'no'}</td>
                  <td>{item.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}

      {analysis.warnings?.length ? (
        <>
          <h3>Warnings</h3>
          <ul>
            {analysis.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
