import { CapacityResults } from '@/features/runs/components/capacity-results';
import { MeasurementDetails } from '@/features/runs/components/measurement-details';
import { ResultsCharts } from '@/features/runs/components/results-charts';
import { ResultsTable } from '@/features/runs/components/results-table';
import { isRunFinished } from '@/features/runs/utils/run-status';
import { runStatistics } from '@/features/runs/utils/run-statistics';
import type { Run } from '@/types/api-models';

export function RunResults({ run }: { run: Run }) {
  const { cells, hasIntervals } = runStatistics(run);
  const measured = cells.filter((cell) => cell.stacks.length > 0);
  return (
    <>
      <section className="card" aria-labelledby="results-heading">
        <h2 id="results-heading">Results</h2>
        {measured.length === 0 ? (
          <p className="muted">
            {isRunFinished(run.status)
              ? 'This run has no measurements.'
              : 'Measurements appear here as each stack finishes.'}
          </p>
        ) : (
          <>
            <p className="muted">
              {hasIntervals
                ? 'Throughput is the median of the repetitions with its 95 % confidence interval. Stacks whose intervals overlap share a rank: they are tied, not ordered. Flagged repetitions (errors, CPU steal, a busy machine) are counted but left out of the figures.'
                : 'Each figure is the median of the repetitions.'}
            </p>
            {measured.map((cell) => (
              <ResultsTable
                key={cell.key}
                cell={cell}
                showCellName={measured.length > 1}
                hasIntervals={hasIntervals}
              />
            ))}
            {measured
              .filter((cell) => cell.model === 'capacity')
              .map((cell) => (
                <CapacityResults key={cell.key} cell={cell} sloP99Ms={run.workload?.slo?.p99Ms} />
              ))}
            <ResultsCharts cells={measured} />
          </>
        )}
      </section>
      <MeasurementDetails run={run} />
    </>
  );
}
