import { provisionalNote } from '@/features/runs/utils/run-status';
import type { CellFigures } from '@/features/runs/utils/run-statistics';
import { formatMillis, formatRate } from '@/lib/format';

/** For capacity runs: the highest rate each stack held within the p99 objective, and the steps that found it. */
type Props = {
  cell: CellFigures;
  sloP99Ms?: number;
  // While the run still measures, the rates can still move.
  provisional: boolean;
};

export function CapacityResults({ cell, sloP99Ms, provisional }: Props) {
  return (
    <div className="capacity">
      <h3>
        Capacity at the SLO{sloP99Ms ? ` (p99 ≤ ${formatMillis(sloP99Ms)} ms)` : ''}
        {cell.label ? `: ${cell.label}` : ''}
        {provisional ? (
          <>
            {' '}
            <span className="provisional-tag">({provisionalNote})</span>
          </>
        ) : null}
      </h3>
      <ul className="capacity-list">
        {cell.stacks.map((row) => (
          <li key={row.key}>
            <strong>{row.label}</strong>: {formatRate(row.capacityRate)} req/s
            {row.capacityRates.length > 1
              ? ` (median of ${row.capacityRates.map((rate) => formatRate(rate)).join(', ')})`
              : ''}
            {row.capacitySearches.map((search) => (
              <ol
                key={search.repetition}
                className="capacity-steps"
                aria-label={`${row.label} repetition ${search.repetition} steps`}
              >
                {search.steps.map((step, index) => (
                  <li key={index} className={step.ok ? 'step-ok' : 'step-over'}>
                    {formatRate(step.rate)} req/s: p99 {formatMillis(step.p99Ms)} ms,{' '}
                    {step.ok ? 'within the objective' : 'over the objective'}
                  </li>
                ))}
              </ol>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
