import { StatusBadge } from '@/components/ui/status-badge';
import { checkOutcome, isCompatibilityCheck } from '@/features/runs/components/check-outcome';
import { StackModeOutcomes } from '@/features/runs/components/stack-mode-outcomes';
import { VariantNote } from '@/components/ui/variant-note';
import { formatNumber } from '@/lib/format';
import { formatStackVersion } from '@/lib/stack-version';
import type { Run } from '@/types/api-models';

export function StackStatusList({ run }: { run: Run }) {
  // A check's finished stacks were verified, not measured.
  const check = isCompatibilityCheck(run);
  return (
    <section className="card" aria-labelledby="stacks-heading">
      <h2 id="stacks-heading">Stacks</h2>
      {run.stacks.length === 0 ? <p className="muted">No stacks in this run.</p> : null}
      <ul className="stack-status-list">
        {run.stacks.map((stack) => (
          <li key={`${stack.id}@${stack.version}`} className="stack-status">
            <div className="stack-status-head">
              <span className="stack-name">{stack.displayName || stack.id}</span>
              <span className="muted">{formatStackVersion(stack.version)}</span>
              <StatusBadge status={stack.status} label={check ? checkOutcome(stack.status) : undefined} />
              {typeof stack.buildSeconds === 'number' ? (
                <span className="muted">built in {formatNumber(stack.buildSeconds, 1)} s</span>
              ) : null}
            </div>
            <VariantNote variant={stack.variant} />
            {stack.reason ? <p className="stack-reason">{stack.reason}</p> : null}
            <StackModeOutcomes stack={stack} />
            {stack.log ? (
              <details className="build-log">
                <summary>Build log of {stack.displayName || stack.id}</summary>
                <pre>{stack.log}</pre>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
