import { ResultsCharts } from '@/features/runs/components/results-charts';
import { ResultsTable } from '@/features/runs/components/results-table';
import { isRunFinished } from '@/features/runs/utils/run-status';
import { summarizeMeasurements } from '@/features/runs/utils/summarize-measurements';
import type { Run } from '@/types/api-models';

export function RunResults({ run }: { run: Run }) {
  const summary = summarizeMeasurements(run);
  return (
    <section className="card" aria-labelledby="results-heading">
      <h2 id="results-heading">Results</h2>
      {summary.rows.length === 0 ? (
        <p className="muted">
          {isRunFinished(run.status)
            ? 'This run has no measurements.'
            : 'Measurements appear here as each stack finishes.'}
        </p>
      ) : (
        <>
          <ResultsTable summary={summary} />
          <ResultsCharts summary={summary} />
        </>
      )}
    </section>
  );
}
