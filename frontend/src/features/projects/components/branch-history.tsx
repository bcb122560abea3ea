import { Fragment } from 'react';
import { Link } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { useProjectHistory } from '@/features/projects/api/get-project-history';
import { problemOf } from '@/lib/api-client';
import { formatDateTime, formatRate } from '@/lib/format';
import type { ProjectHistory, ProjectSeries } from '@/types/api-models';

type Change = ProjectSeries['changes'][number];

/** A branch's runs per stack and cell, oldest first, with the changes found marked between runs. */
export function BranchHistory({ project, branch }: { project: string; branch: string }) {
  const history = useProjectHistory(project, branch);
  if (history.isPending) return <Loading what="the branch's history" />;
  if (history.isError) {
    return <ProblemAlert heading="Could not load the history" problem={problemOf(history.error)} />;
  }
  const data = history.data;
  return (
    <>
      <p className="muted">
        {data.runs.length} completed run{data.runs.length === 1 ? '' : 's'} of {data.project} on {data.branch}
        , oldest first. A change is marked where a stack&apos;s median throughput moved: Pettitt&apos;s rank
        test over the runs, significant at {Math.round(data.alpha * 100)} % by permutation, with at least{' '}
        {data.minSegment} runs on each side, so one unusual run is never a change.
      </p>
      {data.series.map((series) => (
        <SeriesSection
          key={`${series.hardwareClass}\n${series.cell}\n${series.stack}`}
          series={series}
          runs={data.runs}
        />
      ))}
    </>
  );
}

function SeriesSection({ series, runs }: { series: ProjectSeries; runs: ProjectHistory['runs'] }) {
  const title = `${series.stack} · ${series.cell} · ${series.hardwareClass}`;
  const headingId = `series-${encodeURIComponent(title)}`;
  const changeBefore = new Map<string, Change>(
    series.changes.map((change) => [change.firstRunAfter, change]),
  );
  const createdAt = new Map(runs.map((run) => [run.id, run.createdAt]));
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {series.note ? <p className="muted">{series.note}</p> : null}
      {!series.note && series.changes.length === 0 ? <p>No change found.</p> : null}
      {series.changes.length > 0 ? (
        <ul aria-label={`Changes of ${title}`}>
          {series.changes.map((change) => (
            <li key={change.firstRunAfter}>
              <strong>{change.direction === 'slower' ? '▼ slower' : '▲ faster'}</strong> {change.text}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">Runs of {title}, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Commit</th>
              <th scope="col">Version</th>
              <th scope="col">Throughput (95 % CI)</th>
              <th scope="col">Submitted</th>
            </tr>
          </thead>
          <tbody>
            {series.points.map((point) => {
              const change = changeBefore.get(point.run);
              return (
                <Fragment key={point.run}>
                  {change ? (
                    <tr className="change-row">
                      <td colSpan={5}>
                        {change.direction === 'slower' ? '▼' : '▲'} {formatRate(change.before)} →{' '}
                        {formatRate(change.after)} req/s ({change.ratio.toFixed(2)}×) from here
                      </td>
                    </tr>
                  ) : null}
                  <tr>
                    <td>
                      <Link to={`/r/${point.slug}`}>{point.slug}</Link>
                    </td>
                    <td>{point.commit ? <code>{point.commit.slice(0, 12)}</code> : '–'}</td>
                    <td>{point.version}</td>
                    <td>
                      {formatRate(point.median)} ({formatRate(point.low)}–{formatRate(point.high)},{' '}
                      {point.repetitions} repetitions)
                    </td>
                    <td>{formatDateTime(createdAt.get(point.run))}</td>
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
