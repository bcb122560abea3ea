import type { LeaderboardLine } from '@/types/api-models';

/** One workload's boards, one cell per security mode × hardware class. */
export type WorkloadBoards = {
  workloadId: string;
  title: string;
  catalog: string;
  securities: string[];
  hardwareClasses: string[];
  boards: LeaderboardLine[];
};

const securityOrder = ['plain', 'username', 'sign', 'signencr'];

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

/** The known security modes from the weakest up, then any other in the index's order. */
function orderSecurities(seen: string[]): string[] {
  return [
    ...securityOrder.filter((security) => seen.includes(security)),
    ...seen.filter((security) => !securityOrder.includes(security)),
  ];
}

/** The index's boards grouped by workload, in the order the index lists the workloads. */
export function groupByWorkload(boards: LeaderboardLine[]): WorkloadBoards[] {
  const groups = new Map<string, LeaderboardLine[]>();
  for (const board of boards) groups.set(board.workloadId, [...(groups.get(board.workloadId) ?? []), board]);
  return [...groups.entries()].map(([workloadId, lines]) => ({
    workloadId,
    title: lines[0].title,
    catalog: lines[0].catalog,
    securities: orderSecurities(distinct(lines.map((line) => line.security))),
    hardwareClasses: distinct(lines.map((line) => line.hardwareClass)),
    boards: lines,
  }));
}

export function boardAt(
  group: WorkloadBoards,
  security: string,
  hardwareClass: string,
): LeaderboardLine | undefined {
  return group.boards.find((board) => board.security === security && board.hardwareClass === hardwareClass);
}

/** `Echo, 1 KB messages · plain · local`: a board named in running text. */
export function boardName(board: { title: string; security: string; hardwareClass: string }): string {
  return `${board.title} · ${board.security} · ${board.hardwareClass}`;
}
