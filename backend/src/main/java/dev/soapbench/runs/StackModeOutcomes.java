package dev.soapbench.runs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Each security mode's outcome for a stack of a run ({@code run_stack_modes}): whether the stack was
 * verified in that mode or why not. The stack's own status keeps the first failure of any mode; a
 * compatibility check across modes needs to say which mode passed and which did not.
 */
@Repository
class StackModeOutcomes {

    /** The statuses a mode can end in; the others (building, measuring, ...) are the stack's. */
    static final Set<String> OUTCOMES = Set.of(
            RunStatus.STACK_VERIFIED,
            RunStatus.STACK_UNSUPPORTED,
            "build_failed",
            "verify_failed",
            RunStatus.STACK_FAILED);

    private final JdbcClient jdbc;

    StackModeOutcomes(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Records the mode's outcome; a later one (a verified mode that failed when measured) replaces it. */
    void record(UUID runId, String stackId, String version, String security, String status, String reason) {
        jdbc.sql(
                        """
                        INSERT INTO run_stack_modes (run_id, stack_id, version, security, status, reason)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (run_id, stack_id, version, security)
                        DO UPDATE SET status = excluded.status, reason = excluded.reason""")
                .params(runId, stackId, version, security, status, reason)
                .update();
    }

    /** The run's mode outcomes by {@link #key stack@version}, each stack's from plain to signencr. */
    Map<String, List<RunView.ModeOutcome>> ofRun(UUID runId) {
        Map<String, List<RunView.ModeOutcome>> byStack = new LinkedHashMap<>();
        jdbc.sql(
                        """
                        SELECT stack_id, version, security, status, reason FROM run_stack_modes
                        WHERE run_id = ?
                        ORDER BY stack_id, version,
                                 array_position(ARRAY['plain', 'username', 'sign', 'signencr'], security), security""")
                .param(runId)
                .query(rs -> {
                    byStack.computeIfAbsent(
                                    key(rs.getString("stack_id"), rs.getString("version")), k -> new ArrayList<>())
                            .add(new RunView.ModeOutcome(
                                    rs.getString("security"), rs.getString("status"), rs.getString("reason")));
                });
        return byStack;
    }

    static String key(String stackId, String version) {
        return stackId + "@" + version;
    }
}
