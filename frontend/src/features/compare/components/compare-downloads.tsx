import { comparisonDownloadHref } from '@/features/compare/api/get-comparison';
import type { CompareState } from '@/features/compare/utils/compare-url';
import type { ComparedRun } from '@/types/api-models';

/** The comparison taken away: one row per run × cell × stack as CSV, the whole of it as JSON. */
export function CompareDownloads({ state, runs }: { state: CompareState; runs: ComparedRun[] }) {
  const name = `soapbench-compare-${runs.map((run) => run.slug).join('-')}`;
  return (
    <section className="card" aria-labelledby="compare-downloads-heading">
      <h2 id="compare-downloads-heading">Downloads</h2>
      <ul className="downloads">
        <li>
          <a href={comparisonDownloadHref(state, 'csv')} download={`${name}.csv`}>
            The comparison (CSV)
          </a>
        </li>
        <li>
          <a href={comparisonDownloadHref(state, 'json')} download={`${name}.json`}>
            The comparison with its curves (JSON)
          </a>
        </li>
      </ul>
    </section>
  );
}
