package dev.soapbench.leaderboards;

import dev.soapbench.common.Machines;
import dev.soapbench.runs.RunResult;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A board's history: its completed official runs, oldest first, cut into segments wherever the
 * machine kind or the board's workload changed, since figures measured on another machine or with
 * another workload are not comparable.
 */
record BoardHistory(List<BoardPage.Segment> segments, List<BoardPage.HistoryPoint> points) {

    /**
     * @param newestFirst the completed official runs, newest first
     * @param workloadHashes each run's board workload hash, in the same order
     */
    static BoardHistory of(Board board, List<RunResult> newestFirst, List<String> workloadHashes) {
        List<BoardPage.Segment> segments = new ArrayList<>();
        List<BoardPage.HistoryPoint> points = new ArrayList<>();
        String lastMachineKey = null;
        String lastWorkload = null;
        String lastMachine = null;
        for (int i = newestFirst.size() - 1; i >= 0; i--) {
            RunResult run = newestFirst.get(i);
            String machineKey = machineKey(run.fingerprint());
            String machine = BoardStandings.machine(run.fingerprint());
            String workload = workloadHashes.get(i);
            if (segments.isEmpty() || !machineKey.equals(lastMachineKey) || !workload.equals(lastWorkload)) {
                String change = segments.isEmpty()
                        ? null
                        : !machineKey.equals(lastMachineKey)
                                ? "the machine changed: " + lastMachine + " → " + machine
                                : "the board's workload changed";
                segments.add(new BoardPage.Segment(
                        segments.size() + 1, run.finishedAt(), run.finishedAt(), machine, workload, change));
            } else {
                BoardPage.Segment open = segments.remove(segments.size() - 1);
                segments.add(new BoardPage.Segment(
                        open.index(),
                        open.from(),
                        run.finishedAt(),
                        open.machine(),
                        open.workloadSha256(),
                        open.change()));
            }
            points.add(new BoardPage.HistoryPoint(
                    run.id(), run.slug(), run.finishedAt(), segments.size(), BoardStandings.values(board, run)));
            lastMachineKey = machineKey;
            lastWorkload = workload;
            lastMachine = machine;
        }
        return new BoardHistory(List.copyOf(segments), List.copyOf(points));
    }

    /** What identifies a machine kind (common/Machines). */
    static String machineKey(JsonNode fingerprint) {
        return Machines.kindKey(fingerprint);
    }
}
