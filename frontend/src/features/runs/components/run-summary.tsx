import { Link } from 'react-router';
import { RunStatusBadge } from '@/features/runs/components/run-status-badge';
import { WarmupFacts } from '@/features/runs/components/warmup-facts';
import { describeRunStatus, describeStackStatus, isStackFailed } from '@/features/runs/utils/run-status';
import { driverLabel } from '@/lib/driver';
import { formatDateTime, formatNumber } from '@/lib/format';
import { describeVisibility } from '@/lib/visibility';
import type { Run, Workload } from '@/types/api-models';

export function describeSource(run: Run): string {
  if (run.source?.catalog) return `catalog: ${run.source.catalog}`;
  if (run.source?.fileName)
    // A plain WSDL is its own entry: the name once; a zip names the WSDL inside it.
    return run.source.entry && run.source.entry !== run.source.fileName
      ? `${run.source.fileName} (${run.source.entry})`
      : run.source.fileName;
  return run.analysis?.entry ?? 'uploaded WSDL';
}

export function describeLoad(workload: Workload): string {
  const load = workload.load ?? {};
  const keepAlive = workload.keepAlive === false ? ', no keep-alive' : '';
  if (load.model === 'open')
    return `${formatNumber(load.ratePerSecond)} requests per second${load.durationSeconds ? ` for ${formatNumber(load.durationSeconds)} s` : ''} (open model, latency corrected for coordinated omission${keepAlive})`;
  if (load.model === 'capacity')
    return `highest rate with p99 within ${workload.slo?.p99Ms ? `${formatNumber(workload.slo.p99Ms)} ms` : 'the objective'}${load.maxConnections ? `, up to ${formatNumber(load.maxConnections)} connections` : ''} (capacity model${keepAlive})`;
  const amount = load.requests
    ? `${formatNumber(load.requests)} requests`
    : `${formatNumber(load.durationSeconds)} s`;
  return `${amount} over ${formatNumber(load.connections)} connections (closed model${keepAlive})`;
}

/** The project, branch and commit a pipeline measured, linking to its job when it named one. */
function CiOrigin({ ci }: { ci: NonNullable<Run['ci']> }) {
  const what = [ci.project, ci.branch, ci.commit?.slice(0, 12)].filter(Boolean).join(' · ');
  // The server accepts only http and https addresses; checked again before it becomes a link.
  const href = ci.url && /^https?:\/\//i.test(ci.url) ? ci.url : undefined;
  const history = ci.project
    ? `/projects?${new URLSearchParams({ project: ci.project, branch: ci.branch ?? 'main' })}`
    : undefined;
  return (
    <>
      {href ? (
        <a href={href} rel="noopener noreferrer nofollow">
          {what}
        </a>
      ) : (
        what
      )}
      {history ? (
        <>
          {' '}
          (<Link to={history}>branch history</Link>)
        </>
      ) : null}
    </>
  );
}

/** The stacks of the run that were not measured, by name: `Apache Axis2 (build failed)`. */
function failedStacks(run: Run): string | undefined {
  const failed = run.stacks.filter((stack) => isStackFailed(stack.status));
  return failed.length
    ? failed
        .map((stack) => `${stack.displayName || stack.id} (${describeStackStatus(stack.status)})`)
        .join(', ')
    : undefined;
}

export function RunSummary({ run }: { run: Run }) {
  const workload = run.workload;
  const notMeasured = failedStacks(run);
  return (
    <section className="card" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="visually-hidden">
        Summary
      </h2>
      <p role="status" aria-label="Run status" className="run-status" data-status={run.status}>
        Run status: <RunStatusBadge status={run.status} words={describeRunStatus(run)} />
      </p>
      {notMeasured ? <p className="not-measured-note">Not measured: {notMeasured}.</p> : null}
      {run.failure && run.status === 'cancelled' ? (
        <p className="alert alert-info" role="note">
          The run was cancelled: {run.failure}. What it measured until then is shown below.
        </p>
      ) : run.failure ? (
        <p className="alert alert-error" role="alert">
          The run failed: {run.failure}
        </p>
      ) : null}
      <dl className="facts">
        <dt>Source</dt>
        <dd>{describeSource(run)}</dd>
        {run.studyRunId ? (
          <>
            <dt>Study</dt>
            <dd>
              <Link to={`/study-runs/${encodeURIComponent(run.studyRunId)}`}>one cell of a study run</Link>
            </dd>
          </>
        ) : null}
        {run.ci ? (
          <>
            <dt>From CI</dt>
            <dd>
              <CiOrigin ci={run.ci} />
            </dd>
          </>
        ) : null}
        <dt>Visibility</dt>
        <dd>{describeVisibility(run.visibility)}</dd>
        <dt>Submitted</dt>
        <dd>{formatDateTime(run.createdAt)}</dd>
        <dt>Started</dt>
        <dd>{formatDateTime(run.startedAt)}</dd>
        <dt>Finished</dt>
        <dd>{formatDateTime(run.finishedAt)}</dd>
        {workload?.load ? (
          <>
            <dt>Load</dt>
            <dd>{describeLoad(workload)}</dd>
          </>
        ) : null}
        {workload ? (
          <>
            <dt>Driver</dt>
            <dd>{driverLabel(workload.driver)}</dd>
          </>
        ) : null}
        <WarmupFacts run={run} />
        {workload?.repetitions ? (
          <>
            <dt>Repetitions</dt>
            <dd>{workload.repetitions}</dd>
          </>
        ) : null}
        {workload?.security?.length ? (
          <>
            <dt>Security</dt>
            <dd>{workload.security.join(', ')}</dd>
          </>
        ) : null}
        {run.workerId ? (
          <>
            <dt>Worker</dt>
            <dd>
              {run.workerId}
              {workload?.hardwareClass ? ` (class ${workload.hardwareClass})` : ''}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
