import { StatusBadge } from '@/components/ui/status-badge';
import { TableScroll } from '@/components/ui/table-scroll';
import { describeStackStatus, isRunFinished } from '@/features/runs/utils/run-status';
import type { Run } from '@/types/api-models';
import { formatStackVersion } from '@/lib/stack-version';
import { ModeOutcomeBadge } from '@/features/runs/components/stack-mode-outcomes';

/** A compatibility check (workload mode `check`) measures nothing: its result is each stack's outcome. */
export function isCompatibilityCheck(run: Pick<Run, 'workload'>): boolean {
  return run.workload?.mode === 'check';
}

/** `verified` for a stack that answered every operation correctly, else its status in words. */
export function checkOutcome(status: Run['stacks'][number]['status']): string {
  return status === 'done' ? 'verified' : describeStackStatus(status);
}

/**
 * The result of a compatibility check: which stacks built, served and answered every operation
 * correctly, and why the others did not. No figures: nothing was timed.
 */
export function CheckOutcome({ run }: { run: Run }) {
  // Verified in every mode asked for: a stack done in plain but unsupported in sign has not passed.
  const verified = run.stacks.filter(
    (stack) => stack.status === 'done' && (stack.modes ?? []).every((mode) => mode.status === 'verified'),
  ).length;
  const finished = isRunFinished(run.status);
  return (
    <section className="card" aria-labelledby="check-heading">
      <h2 id="check-heading">Compatibility</h2>
      <p>
        {finished
          ? `${verified} of ${run.stacks.length} stacks built, served and answered every operation correctly.`
          : 'Each stack is built, served and verified in turn; nothing is measured.'}
      </p>
      <TableScroll label="Outcome per stack">
        <table className="data-table">
          <caption>Outcome per stack</caption>
          <thead>
            <tr>
              <th scope="col">Stack</th>
              <th scope="col">Version</th>
              <th scope="col">Security</th>
              <th scope="col">Outcome</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {run.stacks.flatMap((stack) =>
              // A row per security mode once the worker reported them; one for the whole stack before
              // that, or when its failure concerned every mode.
              stack.modes && stack.modes.length > 0
                ? stack.modes.map((mode) => (
                    <tr key={`${stack.id}@${stack.version}/${mode.security}`}>
                      <th scope="row">{stack.displayName || stack.id}</th>
                      <td>{formatStackVersion(stack.version)}</td>
                      <td>{mode.security}</td>
                      <td>
                        <ModeOutcomeBadge mode={mode} />
                      </td>
                      <td>{mode.reason ?? ''}</td>
                    </tr>
                  ))
                : [
                    <tr key={`${stack.id}@${stack.version}`}>
                      <th scope="row">{stack.displayName || stack.id}</th>
                      <td>{formatStackVersion(stack.version)}</td>
                      <td>{run.workload?.security?.length === 1 ? run.workload.security[0] : 'all'}</td>
                      <td>
                        <StatusBadge status={stack.status} label={checkOutcome(stack.status)} />
                      </td>
                      <td>{stack.reason ?? ''}</td>
                    </tr>,
                  ],
            )}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
