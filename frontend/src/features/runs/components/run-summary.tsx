import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { Run } from '@/types/api-models';

export function describeSource(run: Run): string {
  if (run.source?.catalog) return `catalog: ${run.source.catalog}`;
  if (run.source?.fileName)
    return run.source.entry ? `${run.source.fileName} (${run.source.entry})` : run.source.fileName;
  return run.analysis?.entry ?? 'uploaded WSDL';
}

export function RunSummary({ run }: { run: Run }) {
  const workload = run.workload;
  return (
    <section className="card" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="visually-hidden">
        Summary
      </h2>
      <p role="status" aria-label="Run status" className="run-status" data-status={run.status}>
        Run status: <StatusBadge status={run.status} />
      </p>
      {run.failure ? (
        <p className="alert alert-error" role="alert">
          The run failed: {run.failure}
        </p>
      ) : null}
      <dl className="facts">
        <dt>Source</dt>
        <dd>{describeSource(run)}</dd>
        <dt>Visibility</dt>
        <dd>{run.visibility}</dd>
        <dt>Submitted</dt>
        <dd>{formatDateTime(run.createdAt)}</dd>
        <dt>Started</dt>
        <dd>{formatDateTime(run.startedAt)}</dd>
        <dt>Finished</dt>
        <dd>{formatDateTime(run.finishedAt)}</dd>
        {workload?.load ? (
          <>
            <dt>Load</dt>
            <dd>
              {formatNumber(workload.load.requests)} requests over {formatNumber(workload.load.connections)}{' '}
              connections ({workload.load.model ?? 'closed'} model
              {workload.keepAlive === false ? ', no keep-alive' : ''})
            </dd>
          </>
        ) : null}
        {workload?.warmup ? (
          <>
            <dt>Warm-up</dt>
            <dd>{formatNumber(workload.warmup.requests)} requests</dd>
          </>
        ) : null}
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
