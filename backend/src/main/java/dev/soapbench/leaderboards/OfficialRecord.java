package dev.soapbench.leaderboards;

import dev.soapbench.runs.RunResult;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * What a board's official runs say: the standing of the latest completed one, the one under way,
 * the latest attempt that failed or was cancelled since, and the history. It changes only when one
 * of those runs does.
 */
record OfficialRecord(
        BoardPage.Standing standing,
        BoardPage.InFlight inFlight,
        BoardPage.LastAttempt lastAttempt,
        BoardHistory history) {

    private static final Set<String> UNFINISHED = Set.of("queued", "running", "cancelling");

    /** @param official the board's official runs, newest first; results: a run's results by id */
    static OfficialRecord of(
            Board board,
            List<LeaderboardRepository.OfficialRun> official,
            Function<UUID, Optional<RunResult>> results) {
        BoardPage.InFlight inFlight = null;
        BoardPage.LastAttempt lastAttempt = null;
        List<RunResult> completed = new ArrayList<>();
        List<String> workloadHashes = new ArrayList<>();
        for (LeaderboardRepository.OfficialRun run : official) {
            Optional<RunResult> result = results.apply(run.runId());
            if (result.isEmpty()) {
                continue;
            }
            RunResult r = result.get();
            if (UNFINISHED.contains(r.status())) {
                if (inFlight == null && completed.isEmpty()) {
                    inFlight = inFlight(run, r);
                }
            } else if ("completed".equals(r.status())) {
                completed.add(r);
                workloadHashes.add(run.workloadSha256());
            } else if (lastAttempt == null && completed.isEmpty()) {
                lastAttempt = new BoardPage.LastAttempt(
                        r.id(),
                        r.slug(),
                        r.status(),
                        r.failure(),
                        r.finishedAt() == null ? run.scheduledAt() : r.finishedAt());
            }
        }
        BoardPage.Standing standing = completed.isEmpty()
                ? null
                : BoardStandings.standing(board, completed.get(0)).orElse(null);
        return new OfficialRecord(standing, inFlight, lastAttempt, BoardHistory.of(board, completed, workloadHashes));
    }

    private static BoardPage.InFlight inFlight(LeaderboardRepository.OfficialRun run, RunResult r) {
        return new BoardPage.InFlight(
                r.id(),
                r.slug(),
                r.status(),
                r.workerStep(),
                run.reason(),
                run.scheduledAt(),
                r.stacks().stream()
                        .map(s -> new BoardPage.StackProgress(s.id(), s.version(), s.status()))
                        .toList());
    }

    OffsetDateTime measuredAt() {
        return standing == null ? null : standing.finishedAt();
    }
}
