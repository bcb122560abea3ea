import type { CompareWarning } from '@/types/api-models';

const headings: Record<CompareWarning['kind'], string> = {
  workload: 'Workload',
  machine: 'Machine',
  wsdl: 'WSDL',
  unfinished: 'Not completed',
};

/**
 * What differs between the runs besides their stacks: the figures are compared anyway, so this
 * stands above them, where nobody reads a ratio without it.
 */
export function CompareWarnings({ warnings }: { warnings: CompareWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <section className="alert alert-warning" aria-labelledby="compare-warnings-heading">
      <h2 id="compare-warnings-heading" className="alert-title">
        These runs differ in more than their stacks
      </h2>
      <p>Every ratio below also measures these differences:</p>
      <ul className="problem-errors">
        {warnings.map((warning, index) => (
          <li key={`${warning.kind}-${warning.field ?? ''}-${index}`} data-kind={warning.kind}>
            <strong>{headings[warning.kind]}:</strong> {warning.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
