import { isRunFinished } from '@/features/runs/utils/run-status';
import { describeAskedWarmup, stackWarmups } from '@/features/runs/utils/stack-warmups';
import type { Run } from '@/types/api-models';

/**
 * The warm-up each stack really got, beside what the workload asked for: a JVM stack's first warm-up
 * runs far longer than asked, until its throughput is steady, and the figures depend on it.
 */
export function WarmupFacts({ run }: { run: Run }) {
  const asked = describeAskedWarmup(run.workload?.warmup);
  const stacks = stackWarmups(run);
  if (!asked && stacks.length === 0) return null;
  const pending = stacks.length === 0 && !isRunFinished(run.status);
  return (
    <>
      <dt>Warm-up</dt>
      <dd>
        {stacks.length ? (
          <ul className="plain-list warmup-list">
            {stacks.map((stack) => (
              <li key={stack.key}>
                {stack.label}: {stack.text}
              </li>
            ))}
          </ul>
        ) : null}
        {asked ? (
          <span className={stacks.length ? 'muted small' : undefined}>
            asked for: {asked}
            {pending ? '; what each stack got shows once it is measured' : ''}
          </span>
        ) : null}
      </dd>
    </>
  );
}
