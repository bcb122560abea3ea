import {
  describeOurRatio,
  describePublishedRatio,
  describeScope,
} from '@/features/studies/utils/describe-study';
import type { RatioComparison } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';

type RatioTableProps = {
  comparisons: RatioComparison[];
  stackName: (id: string) => string;
  sizeLabel: (size: string) => string;
};

/** The article's published ratios beside ours: speed of one stack over another, so > 1 is faster. */
export function RatioTable({ comparisons, stackName, sizeLabel }: RatioTableProps) {
  return (
    <section className="card" aria-labelledby="ratios-heading">
      <h2 id="ratios-heading">The article's ratios beside ours</h2>
      <p className="muted">
        Speed of a stack over the baseline stack (median throughput over median throughput; above 1 is
        faster).
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
                <th scope="col">Where</th>
                <th scope="col">The article said</th>
                <th scope="col" className="num">
                  Article
                </th>
                <th scope="col" className="num">
                  Ours
                </th>
              </tr>
            </thead>
            <tbody>
              {comparisons.map((comparison, index) => {
                const published = comparison.published;
                return (
                  <tr key={index} className={comparison.status === 'measured' ? undefined : 'pending'}>
                    <th scope="row">
                      {stackName(published.stack)} over {stackName(published.baseline)}
                    </th>
                    <td className="wrap">{describeScope(published, sizeLabel)}</td>
                    <td className="wrap">
                      {published.text}
                      {published.note ? <div className="muted small">{published.note}</div> : null}
                    </td>
                    <td className="num">{describePublishedRatio(published)}</td>
                    <td
                      className="num"
                      title={comparison.cells?.length ? `from ${comparison.cells.join(', ')}` : undefined}
                    >
                      {describeOurRatio(comparison)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
