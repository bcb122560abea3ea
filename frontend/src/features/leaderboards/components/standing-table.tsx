import {
  describeAgainstLeader,
  describeBand,
  describeNotMeasured,
  describeNotRanked,
  describeP99,
  describePeakRss,
  describeRestsOn,
  describeThroughput,
  entryKey,
  inBandOrder,
  isMeasured,
  standingHasVerdicts,
} from '@/features/leaderboards/utils/describe-entry';
import { formatNumber } from '@/lib/format';
import type { LeaderboardEntry, LeaderboardStanding } from '@/types/api-models';
import { TableScroll } from '@/components/ui/table-scroll';
import { PeakRssNote } from '@/components/ui/peak-rss-note';

/**
 * Every stack of the standing in band order, with the figures its place rests on. Without enough
 * data for a verdict there are no bands and no comparison with a leader: only the figures. A stack
 * that was not measured keeps its row, with the reason.
 */
export function StandingTable({ standing }: { standing: LeaderboardStanding }) {
  const showBands = standingHasVerdicts(standing);
  const entries = showBands ? inBandOrder(standing.entries) : standing.entries;
  // Stack, version, (band,) throughput, p99, (against the leader,) CPU, RSS, rests on, note.
  const columns = showBands ? 10 : 8;
  return (
    <TableScroll label="Ranking">
      <table className="data-table results-table standing-table">
        <caption>
          <span className="caption-text">Standing{standing.cell ? `: ${standing.cell}` : ''}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky-column">
              Stack
            </th>
            <th scope="col">Version</th>
            {showBands ? <th scope="col">Band</th> : null}
            <th scope="col" className="num">
              Throughput (req/s)
            </th>
            <th scope="col" className="num">
              p99 latency (ms)
            </th>
            {showBands ? <th scope="col">Against the leader</th> : null}
            <th scope="col" className="num">
              CPU s per 1,000 requests
            </th>
            <th scope="col" className="num">
              Peak RSS (MiB)
            </th>
            <th scope="col">Rests on</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) =>
            isMeasured(entry) ? (
              <EntryRow
                key={entryKey(entry)}
                entry={entry}
                standing={standing}
                showBands={showBands}
                entries={standing.entries}
              />
            ) : (
              <tr key={entryKey(entry)} className="not-measured" data-status={entry.status}>
                <th scope="row" className="sticky-column">
                  {entry.displayName}
                </th>
                <td>{entry.version}</td>
                <td colSpan={columns - 2} className="wrap">
                  {describeNotMeasured(entry)}
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      <PeakRssNote />
    </TableScroll>
  );
}

type EntryRowProps = {
  entry: LeaderboardEntry;
  standing: LeaderboardStanding;
  showBands: boolean;
  entries: LeaderboardEntry[];
};

function EntryRow({ entry, standing, showBands, entries }: EntryRowProps) {
  const throughput = describeThroughput(entry);
  const p99 = describeP99(entry);
  const against = describeAgainstLeader(entry, standing);
  const note = describeNotRanked(entry, standing);
  return (
    <tr data-band={showBands && entry.ranked ? (entry.band ?? undefined) : undefined}>
      <th scope="row" className="sticky-column">
        {entry.displayName}
      </th>
      <td>{entry.version}</td>
      {showBands ? <td className="wrap">{describeBand(entry, entries)}</td> : null}
      <td className="num">
        {throughput.median}
        {throughput.interval ? <span className="interval"> {throughput.interval}</span> : null}
      </td>
      <td className="num">
        {p99.median}
        {p99.interval ? <span className="interval"> {p99.interval}</span> : null}
      </td>
      {showBands ? (
        <td className="wrap verdict-cell">
          {against.verdict}
          {against.percent ? <span className="interval"> {against.percent}</span> : null}
        </td>
      ) : null}
      <td className="num">{formatNumber(entry.cpuSecondsPer1000Requests, 2)}</td>
      <td className="num">{describePeakRss(entry)}</td>
      <td>{describeRestsOn(entry)}</td>
      <td className="wrap note-cell">{note ?? ''}</td>
    </tr>
  );
}
