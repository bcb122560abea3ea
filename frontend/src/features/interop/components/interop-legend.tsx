import type { InteropMatrix } from '@/types/api-models';

type InteropLegendProps = { interop: InteropMatrix['interop'] };

/** What a cell's figures are, and what they are not. */
export function InteropLegend({ interop }: InteropLegendProps) {
  const requests = interop.requests ?? 200;
  const connections = interop.connections ?? 1;
  return (
    <div className="interop-legend" aria-label="Legend">
      <p>
        Each cell is {requests} requests over {connections} connection{connections === 1 ? '' : 's'} from the
        client's own stack, after {interop.warmupRequests ?? 20} unmeasured warm-up requests: one measurement,
        no interval. The figures are a cost indicator, not a ranking.
      </p>
      <ul>
        <li>
          <strong>pass</strong>: throughput and p99, and against the same pair in plain, e.g. “x0.43
          throughput, x3.3 p99” (0.43 times plain's throughput, 3.3 times its p99).
        </li>
        <li>
          <strong>fail</strong>: the error or fault text; “server:” when the server could not be built, served
          or verified.
        </li>
        <li>
          <strong>unsupported</strong>: why the pair cannot run this mode.
        </li>
        <li>
          <strong>pending</strong>: not reported yet.
        </li>
      </ul>
    </div>
  );
}
