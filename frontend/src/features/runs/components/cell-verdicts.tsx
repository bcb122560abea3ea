import { useId } from 'react';
import type { CellFigures } from '@/features/runs/utils/run-statistics';
import { provisionalNote } from '@/features/runs/utils/run-status';

type CellVerdictsProps = {
  cell: CellFigures;
  // Several cells make several verdict lists, told apart by the cell's name in the heading.
  showCellName: boolean;
  provisional: boolean;
};

const chosenBy = { workload: 'named by the workload', fastest: 'the fastest stack by median throughput' };

/**
 * The paired verdicts of one cell, in the backend's own sentences (the same words as the API and
 * benchctl), or the reason there is none. A cell without a verdict shows neither its pairs nor its
 * reference: naming the reference already says which stack looked fastest.
 */
export function CellVerdicts({ cell, showCellName, provisional }: CellVerdictsProps) {
  const headingId = useId();
  return (
    <section className="verdicts" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {cell.hasVerdicts ? 'Verdicts' : 'Verdict'}
        {showCellName ? `: ${cell.label}` : ''}
      </h3>
      {provisional ? <p className="provisional-tag">{provisionalNote}</p> : null}
      {cell.hasVerdicts ? (
        <>
          <ul className="verdict-list">
            {cell.comparisons.map((comparison) => (
              <li key={`${comparison.stack} ${comparison.against}`} data-verdict={comparison.verdict}>
                {comparison.text}
              </li>
            ))}
          </ul>
          {cell.referenceLabel ? (
            <p className="muted small">
              Ratios are against {cell.referenceLabel}
              {cell.referenceChosenBy ? `, ${chosenBy[cell.referenceChosenBy]}` : ''}. Stacks in one band are
              tied with the band&apos;s first stack: not ordered.
            </p>
          ) : null}
        </>
      ) : (
        <p className="verdict-none">{cell.notEnoughData}</p>
      )}
      {cell.drift ? <p className="drift small">{cell.drift.text}</p> : null}
    </section>
  );
}
