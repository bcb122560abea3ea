import { Fragment, lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { useProjectHistory } from '@/features/projects/api/get-project-history';
import { projectHistoryChart } from '@/features/projects/utils/history-chart-option';
import {
  changeMark,
  formatFigure,
  formatInterval,
  groupSeries,
  isAcknowledged,
  metricLabels,
  type SeriesGroup,
} from '@/features/projects/utils/metrics';
import { problemOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { ProjectChange, ProjectHistory, ProjectMetric, ProjectSeries } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';

// ECharts is most of the bundle; load it only where a chart is drawn.
const EChart = lazy(() => import('@/components/ui/echart').then((module) => ({ default: module.EChart })));

/**
 * A branch's runs per hardware class, cell and stack, oldest first, one metric at a time, with the
 * changes found marked between runs.
 */
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
        , oldest first. A change is marked where a stack&apos;s median throughput or one of its costs (p99
        latency, server CPU per request, peak RSS) moved: Pettitt&apos;s rank test over the runs, significant
        at {Math.round(data.alpha * 100)} % by permutation, with at least {data.minSegment} runs on each side,
        so one unusual run is never a change. ▼ marks a regression (slower, or a higher cost), ▲ an
        improvement.
      </p>
      {groupSeries(data.series).map((group) => (
        <GroupSection key={group.key} group={group} runs={data.runs} />
      ))}
    </>
  );
}

function GroupSection({ group, runs }: { group: SeriesGroup; runs: ProjectHistory['runs'] }) {
  const metrics = group.series.map((series) => series.metric);
  const [chosen, setChosen] = useState<ProjectMetric>('throughput');
  // Throughput first; a group without it (or a refetch that drops the chosen metric) shows its first.
  const series = group.series.find((candidate) => candidate.metric === chosen) ?? group.series[0];
  const title = `${group.stack} · ${group.cell} · ${group.hardwareClass}`;
  const headingId = `series-${encodeURIComponent(title)}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {metrics.length > 1 ? (
        <div className="segmented" role="group" aria-label={`Metric of ${title}`}>
          {metrics.map((metric) => (
            <button
              key={metric}
              type="button"
              aria-pressed={metric === series.metric}
              onClick={() => setChosen(metric)}
            >
              {metricLabels[metric]}
            </button>
          ))}
        </div>
      ) : null}
      <SeriesView series={series} title={title} runs={runs} />
    </section>
  );
}

function Acknowledged({ change }: { change: ProjectChange }) {
  if (!isAcknowledged(change) || !change.acknowledgement) return null;
  return <span className="acknowledged"> acknowledged: {change.acknowledgement.reason}</span>;
}

function SeriesView({
  series,
  title,
  runs,
}: {
  series: ProjectSeries;
  title: string;
  runs: ProjectHistory['runs'];
}) {
  const label = metricLabels[series.metric];
  const changeBefore = new Map(series.changes.map((change) => [change.firstRunAfter, change]));
  const createdAt = new Map(runs.map((run) => [run.id, run.createdAt]));
  const chart = projectHistoryChart(series, title);
  return (
    <>
      {series.note ? <p className="muted">{series.note}</p> : null}
      {!series.note && series.changes.length === 0 ? <p>No change found.</p> : null}
      {series.changes.length > 0 ? (
        <ul className="changes" aria-label={`Changes of ${title}`}>
          {series.changes.map((change) => (
            <li key={change.firstRunAfter} className={change.regression ? 'regression' : 'improvement'}>
              <strong>{changeMark(change)}</strong> {change.text}
              <Acknowledged change={change} />
            </li>
          ))}
        </ul>
      ) : null}
      {chart ? (
        <Suspense fallback={<Loading what="the history chart" />}>
          <EChart title={chart.title} description={chart.description} option={chart.option} height={300} />
        </Suspense>
      ) : null}
      {series.points.length > 0 ? (
        <TableScroll label="Runs of the series">
          <table className="data-table">
            <caption className="visually-hidden">
              {label} of {title}, run by run, oldest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Commit</th>
                <th scope="col">Version</th>
                <th scope="col" className="num">
                  {label} ({series.unit})
                </th>
                <th scope="col" className="num">
                  95 % CI
                </th>
                <th scope="col" className="num">
                  Repetitions
                </th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {series.points.map((point) => {
                const change = changeBefore.get(point.run);
                return (
                  <Fragment key={point.run}>
                    {change ? (
                      <tr className={`change-row ${change.regression ? 'regression' : 'improvement'}`}>
                        <td colSpan={7}>
                          {changeMark(change)}: {formatFigure(change.before, series.unit)} →{' '}
                          {formatFigure(change.after, series.unit)} {series.unit} ({change.ratio.toFixed(2)}×)
                          from here
                          <Acknowledged change={change} />
                        </td>
                      </tr>
                    ) : null}
                    <tr>
                      <td>
                        <Link to={`/r/${point.slug}`}>{point.slug}</Link>
                      </td>
                      <td>{point.commit ? <code>{point.commit.slice(0, 12)}</code> : '–'}</td>
                      <td>{point.version}</td>
                      <td className="num">{formatFigure(point.median, series.unit)}</td>
                      <td className="num">{formatInterval(point, series.unit)}</td>
                      <td className="num">{point.repetitions}</td>
                      <td>{formatDateTime(createdAt.get(point.run))}</td>
                    </tr>
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </>
  );
}
