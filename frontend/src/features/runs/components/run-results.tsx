import { CapacityResults } from '@/features/runs/components/capacity-results';
import { CellVerdicts } from '@/features/runs/components/cell-verdicts';
import { CpuSharingNote } from '@/features/runs/components/cpu-sharing-note';
import { LatencyPercentileChart } from '@/features/runs/components/latency-percentile-chart';
import { MeasurementDetails } from '@/features/runs/components/measurement-details';
import { ResultsCharts } from '@/features/runs/components/results-charts';
import { OperationBreakdown } from '@/features/runs/components/operation-breakdown';
import { RepetitionTable } from '@/features/runs/components/repetition-table';
import { NotMeasuredTable, ResultsTable } from '@/features/runs/components/results-table';
import { isRunFinished } from '@/features/runs/utils/run-status';
import { notMeasuredStacks, runStatistics } from '@/features/runs/utils/run-statistics';
import type { Run } from '@/types/api-models';

export function RunResults({ run }: { run: Run }) {
  const { cells, hasIntervals, minRounds } = runStatistics(run);
  const measured = cells.filter((cell) => cell.stacks.length > 0);
  const provisional = !isRunFinished(run.status);
  const several = measured.length > 1;
  // Older runs carry no latency curves: they get no percentile chart rather than an empty one.
  const curved = measured.filter((cell) => cell.stacks.some((row) => row.latencyCurve?.points.length));
  return (
    <>
      <section className="card" aria-labelledby="results-heading">
        <h2 id="results-heading">Results</h2>
        {measured.length === 0 ? (
          <>
            <p className="muted">
              {isRunFinished(run.status)
                ? 'This run has no measurements.'
                : 'Measurements appear here as each stack finishes.'}
            </p>
            {/* Every stack it asked for still has its row, with why it was not measured. */}
            {isRunFinished(run.status) && run.stacks.length > 0 ? (
              <NotMeasuredTable stacks={notMeasuredStacks(run)} />
            ) : null}
          </>
        ) : (
          <>
            <CpuSharingNote run={run} />
            {measured.map((cell) => (
              <div className="cell-results" key={cell.key}>
                {hasIntervals ? (
                  <CellVerdicts cell={cell} showCellName={several} provisional={provisional} />
                ) : null}
                <ResultsTable
                  cell={cell}
                  showCellName={several}
                  hasIntervals={hasIntervals}
                  provisional={provisional}
                />
                <OperationBreakdown cell={cell} showCellName={several} provisional={provisional} />
                <RepetitionTable cell={cell} showCellName={several} provisional={provisional} />
              </div>
            ))}
            <p className="muted small">
              {hasIntervals
                ? `A verdict pairs two stacks round by round: the ratio of their throughputs in the rounds both were measured in, with its 95 % confidence interval (Hodges-Lehmann estimate, exact Wilcoxon interval). A stack is faster or slower only when the whole interval is above or below 1; otherwise the two are tied. A verdict needs at least ${minRounds} paired rounds. Throughput is the median of the rounds with its interval, and its real coverage where that is below 95 %. Flagged repetitions (errors, CPU steal, a busy machine) are counted but left out of the figures.`
                : 'Each figure is the median of the repetitions; this run carries no verdicts.'}
            </p>
            {measured
              .filter((cell) => cell.model === 'capacity')
              .map((cell) => (
                <CapacityResults
                  key={cell.key}
                  cell={cell}
                  sloP99Ms={run.workload?.slo?.p99Ms}
                  provisional={provisional}
                />
              ))}
            <ResultsCharts cells={measured} provisional={provisional} />
            {curved.length ? (
              <div className="chart-grid">
                {curved.map((cell) => (
                  <LatencyPercentileChart
                    key={cell.key}
                    cell={cell}
                    showCellName={several}
                    provisional={provisional}
                  />
                ))}
              </div>
            ) : null}
          </>
        )}
      </section>
      <MeasurementDetails run={run} />
    </>
  );
}
