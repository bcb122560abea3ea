import { CompareDownloads } from '@/features/compare/components/compare-downloads';
import { CompareTable } from '@/features/compare/components/compare-table';
import { CompareWarnings } from '@/features/compare/components/compare-warnings';
import { ComparedRunList } from '@/features/compare/components/compared-run-list';
import { PercentileChart } from '@/features/compare/components/compare-charts';
import type { CompareState } from '@/features/compare/utils/compare-url';
import { stackNamer } from '@/features/compare/utils/stack-names';
import { formatPercent } from '@/lib/format';
import type { RunComparison } from '@/types/api-models';

/** A comparison as the server computed it: what differs, the runs, and per cell the table and the curves. */
export function ComparisonView({ comparison, state }: { comparison: RunComparison; state: CompareState }) {
  const names = stackNamer(comparison.cells);
  const several = comparison.cells.length > 1;
  const single = comparison.runs.length === 1;
  return (
    <>
      <CompareWarnings warnings={comparison.warnings} />
      <section className="card" aria-labelledby="compare-results-heading">
        <h2 id="compare-results-heading">Figures</h2>
        {single ? (
          <p className="muted">
            One run: its stacks side by side. Add another run of the same WSDL to compare runs.
          </p>
        ) : (
          <p className="muted small">
            Each ratio is a run&apos;s throughput over the baseline run&apos;s for the same stack, with a 95 %
            interval widened by the {formatPercent(comparison.betweenRunTau)} that whole runs differ by beyond
            their own repetitions; &quot;tied&quot; means the interval holds 1. At least{' '}
            {comparison.minRepetitions} usable repetitions on each side are needed.
          </p>
        )}
        <ComparedRunList runs={comparison.runs} />
        {comparison.cells.length === 0 ? (
          <p className="muted">None of these runs has a measurement yet.</p>
        ) : null}
        {comparison.cells.map((cell) => (
          <div key={cell.label} className="compare-cell">
            <CompareTable cell={cell} runs={comparison.runs} showCellName={several} />
            <PercentileChart cell={cell} runs={comparison.runs} names={names} showCellName={several} />
          </div>
        ))}
      </section>
      <CompareDownloads state={state} runs={comparison.runs} />
    </>
  );
}
