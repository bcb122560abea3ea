import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatShortDateTime } from '@/lib/format';
import type { InteropRunSummary } from '@/types/api-models';

type InteropRunListProps = { runs: InteropRunSummary[] };

/** The newest interop runs, each linked to its matrix. */
export function InteropRunList({ runs }: InteropRunListProps) {
  if (runs.length === 0) return <p>No interop runs yet.</p>;
  return (
    <ul className="interop-runs">
      {runs.map((run) => (
        <li key={run.id}>
          <Link to={`/interop/${encodeURIComponent(run.id)}`}>
            {run.service ?? run.wsdlName ?? run.id}: {run.stacks.join(', ')} · {run.security.join(', ')}
          </Link>{' '}
          <StatusBadge status={run.status} />{' '}
          <span className="hint">{formatShortDateTime(run.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}
