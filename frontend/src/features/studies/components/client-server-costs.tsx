import { formatCpuPerRequest, formatMebibytes } from '@/features/studies/utils/describe-claim';
import type { StudyCell, StudyStackFigures } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';

type ClientServerCostsProps = {
  cells: StudyCell[];
  stackName: (id: string) => string;
  sizeLabel: (size: string) => string;
};

/**
 * The client's CPU per request, marked "≤" where it is the whole drive's (start-up and untimed
 * warm-up included): an upper bound, not what a measured request cost the client.
 */
function ClientCpu({ figures }: { figures: StudyStackFigures }) {
  const value = formatCpuPerRequest(figures.clientCpuSecondsPerRequest);
  if (figures.clientCpuCovers !== 'whole-drive') return <>{value}</>;
  return (
    <span title="An upper bound: the whole drive's CPU, the client's start-up and warm-up included">
      ≤ {value}
    </span>
  );
}

function hasCosts(figures: StudyStackFigures): boolean {
  return [
    figures.serverCpuSecondsPerRequest,
    figures.clientCpuSecondsPerRequest,
    figures.serverPeakRssBytes,
    figures.clientPeakRssBytes,
  ].some((value) => typeof value === 'number');
}

/**
 * Where each stack's own client sent the requests, what they cost the client beside what they cost
 * the server: a native-driver figure is the speed of both together. Nothing is shown for the
 * neutral driver, whose client is the worker's.
 */
export function ClientServerCosts({ cells, stackName, sizeLabel }: ClientServerCostsProps) {
  const rows = cells
    .filter((cell) => cell.driver === 'native')
    .flatMap((cell) => cell.stacks.filter(hasCosts).map((figures) => ({ cell, figures })));
  if (rows.length === 0) return null;
  return (
    <section className="card" aria-labelledby="client-server-heading">
      <h2 id="client-server-heading">Client and server, per request</h2>
      <p className="muted">
        Each stack's own generated client sent the requests, so its time is its client's and its server's
        together. CPU is the median over the repetitions the figures use, per measured request. The client's
        is its own count over the measured requests; where a client does not count them itself, it is the
        whole drive's, its start-up and untimed warm-up requests included, marked ≤: an upper bound that
        weighs most on short request sequences. Peak RSS is the largest. A JVM server's RSS includes its whole
        heap, fixed at 1 GiB and touched at start-up so that no page fault lands in a measurement; a JVM
        client grows its heap as it needs, so its RSS is what it used.
      </p>
      <TableScroll label="Client and server costs">
        <table className="data-table">
          <caption className="visually-hidden">Client and server costs per stack and cell</caption>
          <thead>
            <tr>
              <th scope="col">Cell</th>
              <th scope="col">Stack</th>
              <th scope="col" className="num">
                Server CPU per request (ms)
              </th>
              <th scope="col" className="num">
                Client CPU per request (ms)
              </th>
              <th scope="col" className="num">
                Server peak RSS (MiB)
              </th>
              <th scope="col" className="num">
                Client peak RSS (MiB)
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ cell, figures }) => (
              <tr key={`${cell.id} ${figures.stack}`}>
                <td className="wrap">
                  {sizeLabel(cell.size)} · {cell.security}
                  <div className="muted small">{cell.id}</div>
                </td>
                <th scope="row">{stackName(figures.stack)}</th>
                <td className="num">{formatCpuPerRequest(figures.serverCpuSecondsPerRequest)}</td>
                <td className="num">
                  <ClientCpu figures={figures} />
                </td>
                <td className="num">{formatMebibytes(figures.serverPeakRssBytes)}</td>
                <td className="num">{formatMebibytes(figures.clientPeakRssBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
