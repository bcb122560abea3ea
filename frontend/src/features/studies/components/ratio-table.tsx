import { Fragment } from 'react';
import {
  describeOurRatio,
  describePublishedRatio,
  describeScope,
} from '@/features/studies/utils/describe-study';
import {
  cellLabels,
  describeCellOurs,
  describeClaimReading,
  describeInterval,
} from '@/features/studies/utils/describe-claim';
import { ClaimVerdictBadge } from '@/features/studies/components/claim-verdict-badge';
import type { RatioComparison } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';

type RatioTableProps = {
  comparisons: RatioComparison[];
  stackName: (id: string) => string;
  sizeLabel: (size: string) => string;
};

/** Our figure for a claim as a whole: its interval where it rests on one cell, else where to look. */
function describeOurs(comparison: RatioComparison): string {
  if (comparison.interval) return describeInterval(comparison.interval);
  const cells = comparison.cellVerdicts ?? [];
  if (cells.length > 1) return `per cell, in the ${cells.length} rows below`;
  if (comparison.notEnoughData) return 'not enough data';
  if (comparison.verdict) return 'not measured';
  return describeOurRatio(comparison);
}

/**
 * The article's claims beside our figures: its words and ratio, our paired ratio with its 95 %
 * interval, and whether that reproduces the claim; a claim over several cells has a row per cell.
 */
export function RatioTable({ comparisons, stackName, sizeLabel }: RatioTableProps) {
  return (
    <section className="card" aria-labelledby="ratios-heading">
      <h2 id="ratios-heading">The article's claims beside ours</h2>
      <p className="muted">
        Speed of a stack over the baseline stack (above 1 is faster). Ours pairs the two stacks round by round
        and gives the ratio with its 95 % interval. A claim is reproduced when that interval overlaps what the
        article said; a figure it gave with “about” is read as ±10 %.
      </p>
      {comparisons.length === 0 ? (
        <p className="muted">This study has no published ratios to compare.</p>
      ) : (
        <TableScroll label="Ratios against the article">
          <table className="data-table ratio-table">
            <caption className="visually-hidden">Published ratios and ours</caption>
            <thead>
              <tr>
                <th scope="col">Stacks</th>
                <th scope="col">The article said</th>
                <th scope="col" className="num">
                  Article
                </th>
                <th scope="col" className="num">
                  Ours
                </th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {comparisons.map((comparison, index) => {
                const published = comparison.published;
                const cells = comparison.cellVerdicts ?? [];
                const labels = cellLabels(cells, sizeLabel);
                const reading = describeClaimReading(comparison);
                const measured = comparison.verdict
                  ? comparison.verdict !== 'not-measurable'
                  : comparison.status === 'measured';
                return (
                  <Fragment key={index}>
                    <tr className={measured ? undefined : 'pending'}>
                      <th scope="row">
                        {stackName(published.stack)} over {stackName(published.baseline)}
                      </th>
                      <td className="wrap">
                        {published.text}
                        <div className="muted small">{describeScope(published, sizeLabel)}</div>
                        {published.note ? <div className="muted small">{published.note}</div> : null}
                      </td>
                      <td className="num">
                        {describePublishedRatio(published)}
                        {reading ? <div className="muted small">{reading}</div> : null}
                      </td>
                      <td className="num wrap">{describeOurs(comparison)}</td>
                      <td className="wrap">
                        {comparison.verdict ? (
                          <ClaimVerdictBadge
                            verdict={comparison.verdict}
                            notEnoughData={comparison.notEnoughData ?? false}
                            reason={comparison.verdictReason}
                          />
                        ) : (
                          <span className="muted">–</span>
                        )}
                      </td>
                    </tr>
                    {cells.length > 1
                      ? cells.map((cell, cellIndex) => (
                          <tr
                            key={cell.cell}
                            className={cell.verdict === 'not-measurable' ? 'pending' : undefined}
                          >
                            <th scope="row" className="small">
                              <span aria-hidden="true">↳ </span>
                              <span className="visually-hidden">
                                {stackName(published.stack)} over {stackName(published.baseline)},{' '}
                              </span>
                              {labels[cellIndex]}
                            </th>
                            <td className="muted small">{cell.cell}</td>
                            <td />
                            <td className="num wrap">{describeCellOurs(cell)}</td>
                            <td className="wrap">
                              <ClaimVerdictBadge
                                verdict={cell.verdict}
                                notEnoughData={cell.notEnoughData}
                                reason={cell.reason}
                              />
                            </td>
                          </tr>
                        ))
                      : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
