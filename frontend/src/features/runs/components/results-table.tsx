import type { ResultsSummary } from '@/features/runs/utils/summarize-measurements';
import { formatMillis, formatNumber } from '@/lib/format';

export function ResultsTable({ summary }: { summary: ResultsSummary }) {
  const { rows, hasSeveralCells } = summary;
  const showRepetitions = rows.some((row) => row.repetitions > 1);
  return (
    <div className="table-scroll">
      <table className="data-table results-table">
        <caption>
          Results per stack
          {showRepetitions ? ' (median of the repetitions)' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Stack</th>
            <th scope="col">Version</th>
            {hasSeveralCells ? <th scope="col">Cell</th> : null}
            {showRepetitions ? <th scope="col">Repetitions</th> : null}
            <th scope="col" className="num">
              Throughput (req/s)
            </th>
            <th scope="col" className="num">
              p50 (ms)
            </th>
            <th scope="col" className="num">
              p90 (ms)
            </th>
            <th scope="col" className="num">
              p99 (ms)
            </th>
            <th scope="col" className="num">
              p99.9 (ms)
            </th>
            <th scope="col" className="num">
              Max (ms)
            </th>
            <th scope="col" className="num">
              Server CPU (s)
            </th>
            <th scope="col" className="num">
              Peak RSS (MiB)
            </th>
            <th scope="col" className="num">
              Errors
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.version}</td>
              {hasSeveralCells ? <td>{row.cell}</td> : null}
              {showRepetitions ? <td className="num">{row.repetitions}</td> : null}
              <td className="num">{formatNumber(row.throughput, 1)}</td>
              <td className="num">{formatMillis(row.p50)}</td>
              <td className="num">{formatMillis(row.p90)}</td>
              <td className="num">{formatMillis(row.p99)}</td>
              <td className="num">{formatMillis(row.p999)}</td>
              <td className="num">{formatMillis(row.max)}</td>
              <td className="num">{formatNumber(row.serverCpuSeconds, 2)}</td>
              <td className="num">{formatNumber(row.peakRssMiB, 1)}</td>
              <td className="num" title={describeErrors(row.errorKinds)}>
                {formatNumber(row.errors)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function describeErrors(kinds: Record<string, number>): string | undefined {
  const entries = Object.entries(kinds).filter(([, count]) => count > 0);
  return entries.length ? entries.map(([kind, count]) => `${kind}: ${count}`).join(', ') : undefined;
}
