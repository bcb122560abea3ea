package dev.soapbench.leaderboards;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Rows of {@code leaderboard_runs} and {@code leaderboard_requests}; JSON columns as text. */
@Repository
class LeaderboardRepository {

    /** An official run as scheduled; its state is the run's own. */
    record OfficialRun(
            UUID runId,
            String boardId,
            String reason,
            String stackVersions,
            String workloadSha256,
            OffsetDateTime scheduledAt) {}

    record Request(String boardId, String reason, OffsetDateTime requestedAt) {}

    private final JdbcClient jdbc;

    LeaderboardRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Takes the scheduler's turn for this transaction: of several backends on one database, one
     * schedules at a time, and the others skip their tick.
     */
    boolean takeSchedulingTurn() {
        return Boolean.TRUE.equals(jdbc.sql("SELECT pg_try_advisory_xact_lock(hashtext('soapbench.leaderboards'))")
                .query(Boolean.class)
                .single());
    }

    void insertOfficialRun(OfficialRun run) {
        jdbc.sql(
                        """
                        INSERT INTO leaderboard_runs (run_id, board_id, reason, stack_versions, workload_sha256)
                        VALUES (?, ?, ?, ?::jsonb, ?)""")
                .params(run.runId(), run.boardId(), run.reason(), run.stackVersions(), run.workloadSha256())
                .update();
    }

    boolean isOfficial(UUID runId) {
        return jdbc.sql("SELECT EXISTS (SELECT 1 FROM leaderboard_runs WHERE run_id = ?)")
                .param(runId)
                .query(Boolean.class)
                .single();
    }

    /** Every official run, newest first. */
    List<OfficialRun> officialRuns() {
        return jdbc.sql(
                        """
                        SELECT run_id, board_id, reason, stack_versions::text AS stack_versions, workload_sha256,
                               scheduled_at
                        FROM leaderboard_runs ORDER BY scheduled_at DESC, run_id""")
                .query(OfficialRun.class)
                .list();
    }

    /** The board's official runs, newest first, at most {@code limit}. */
    List<OfficialRun> officialRuns(String boardId, int limit) {
        return jdbc.sql(
                        """
                        SELECT run_id, board_id, reason, stack_versions::text AS stack_versions, workload_sha256,
                               scheduled_at
                        FROM leaderboard_runs WHERE board_id = ? ORDER BY scheduled_at DESC, run_id LIMIT ?""")
                .params(boardId, limit)
                .query(OfficialRun.class)
                .list();
    }

    /** Asks for an official run of the board unless one is asked for already; true when this asked. */
    boolean request(String boardId, String reason) {
        return jdbc.sql("INSERT INTO leaderboard_requests (board_id, reason) VALUES (?, ?) ON CONFLICT DO NOTHING")
                        .params(boardId, reason)
                        .update()
                > 0;
    }

    /** Boards waiting for an idle worker, oldest request first. */
    List<Request> requests() {
        return jdbc.sql(
                        "SELECT board_id, reason, requested_at FROM leaderboard_requests ORDER BY requested_at, board_id")
                .query(Request.class)
                .list();
    }

    Optional<Request> request(String boardId) {
        return jdbc.sql("SELECT board_id, reason, requested_at FROM leaderboard_requests WHERE board_id = ?")
                .param(boardId)
                .query(Request.class)
                .optional();
    }

    void dropRequest(String boardId) {
        jdbc.sql("DELETE FROM leaderboard_requests WHERE board_id = ?")
                .param(boardId)
                .update();
    }
}
