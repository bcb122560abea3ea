import { useWorkloadEstimate } from '@/features/submit/api/estimate-workload';
import { isApiError } from '@/lib/api-client';
import { formatDuration, formatNumber } from '@/lib/format';
import type { WorkEstimate, Workload } from '@/types/api-models';

function count(value: number, word: string): string {
  return `${formatNumber(value)} ${word}${value === 1 ? '' : 's'}`;
}

/** A compatibility check's estimate: the server counts no repetition and no measurement for it. */
function isCheck(estimate: WorkEstimate): boolean {
  return estimate.repetitions === 0 && estimate.measurements === 0;
}

/**
 * `about 12 min (3 stacks × 1 mode × 8 repetitions = 24 measurements)`; for a check, which
 * measures nothing, `about 10 min (2 stacks, each built, served and verified in 1 mode; …)`.
 */
export function describeEstimate(estimate: WorkEstimate): string {
  const time = formatDuration(estimate.workerSeconds);
  if (isCheck(estimate))
    return `This check keeps a worker busy for at most about ${time} (${count(estimate.stacks, 'stack')}, each built, served and verified in ${count(estimate.cells, 'mode')}; nothing is measured)`;
  const product = `${count(estimate.stacks, 'stack')} × ${count(estimate.cells, 'mode')} × ${count(estimate.repetitions, 'repetition')}`;
  return `This run keeps a worker busy for at most about ${time} (${product} = ${count(estimate.measurements, 'measurement')})`;
}

/**
 * The worker time the service charges this workload, asked again as the form changes. An invalid
 * workload (422) shows nothing here: the submit names the field. Other failures say only that
 * there is no estimate: it is advice, not a gate.
 */
export function WorkloadEstimate({ workload }: { workload: Workload | null }) {
  const estimate = useWorkloadEstimate(workload);
  const unavailable = estimate.error && !(isApiError(estimate.error) && estimate.error.status === 422);
  return (
    <div className="workload-estimate" aria-live="polite">
      {estimate.data && !estimate.error ? (
        <>
          <p className="estimate-line">{describeEstimate(estimate.data)}</p>
          <p className="hint">{estimate.data.basis}</p>
        </>
      ) : null}
      {workload && unavailable ? <p className="hint">No estimate of the worker time right now.</p> : null}
    </div>
  );
}
