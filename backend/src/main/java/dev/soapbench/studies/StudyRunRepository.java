package dev.soapbench.studies;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Rows of {@code study_runs} and {@code study_run_cells}; JSON columns as text. */
@Repository
class StudyRunRepository {

    record StudyRunRow(UUID id, String studyId, OffsetDateTime createdAt, String definition) {}

    /** Who may cancel a study run: the token that started it, or the holder of its manage token. */
    record Ownership(UUID ownerTokenId, String manageTokenSha256) {}

    record CellRow(
            int position,
            String cellId,
            String sizeId,
            String security,
            int concurrency,
            String methodId,
            String state,
            String reason,
            UUID runId,
            String stacks) {}

    private final JdbcClient jdbc;

    StudyRunRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insertStudyRun(UUID id, String studyId, UUID ownerTokenId, String manageTokenSha256, String definition) {
        jdbc.sql(
                        """
                        INSERT INTO study_runs (id, study_id, owner_token_id, manage_token_sha256, definition)
                        VALUES (?, ?, ?, ?, ?::jsonb)""")
                .params(id, studyId, ownerTokenId, manageTokenSha256, definition)
                .update();
    }

    Optional<Ownership> ownership(UUID id) {
        return jdbc.sql("SELECT owner_token_id, manage_token_sha256 FROM study_runs WHERE id = ?")
                .param(id)
                .query(Ownership.class)
                .optional();
    }

    /** The runs of the study run's sent cells, in matrix order. */
    List<UUID> cellRuns(UUID id) {
        return jdbc.sql(
                        "SELECT run_id FROM study_run_cells WHERE study_run_id = ? AND run_id IS NOT NULL ORDER BY position")
                .param(id)
                .query(UUID.class)
                .list();
    }

    void insertCell(UUID studyRunId, CellRow cell) {
        jdbc.sql(
                        """
                        INSERT INTO study_run_cells (study_run_id, position, cell_id, size_id, security, concurrency,
                            method_id, state, reason, run_id, stacks)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)""")
                .params(
                        studyRunId,
                        cell.position(),
                        cell.cellId(),
                        cell.sizeId(),
                        cell.security(),
                        cell.concurrency(),
                        cell.methodId(),
                        cell.state(),
                        cell.reason(),
                        cell.runId(),
                        cell.stacks())
                .update();
    }

    Optional<StudyRunRow> find(UUID id) {
        return jdbc.sql("SELECT id, study_id, created_at, definition::text AS definition FROM study_runs WHERE id = ?")
                .param(id)
                .query(StudyRunRow.class)
                .optional();
    }

    /** The latest run of the study itself, not of one of its probes. */
    Optional<UUID> latestFor(String studyId) {
        return jdbc.sql(
                        """
                        SELECT id FROM study_runs WHERE study_id = ? AND definition->'probe' IS NULL
                        ORDER BY created_at DESC, id LIMIT 1""")
                .param(studyId)
                .query(UUID.class)
                .optional();
    }

    /** The latest run of one probe of the study. */
    Optional<UUID> latestForProbe(String studyId, String probeId) {
        return jdbc.sql(
                        """
                        SELECT id FROM study_runs WHERE study_id = ? AND definition->'probe'->>'id' = ?
                        ORDER BY created_at DESC, id LIMIT 1""")
                .params(studyId, probeId)
                .query(UUID.class)
                .optional();
    }

    /** The newest study runs of the study itself ({@code probeId} null) or of one probe, newest first. */
    List<UUID> newest(String studyId, String probeId, int limit) {
        return jdbc.sql(
                        """
                        SELECT id FROM study_runs
                        WHERE study_id = ? AND coalesce(definition->'probe'->>'id', '') = ?
                        ORDER BY created_at DESC, id LIMIT ?""")
                .params(studyId, probeId == null ? "" : probeId, limit)
                .query(UUID.class)
                .list();
    }

    List<CellRow> cells(UUID studyRunId) {
        return jdbc.sql(
                        """
                        SELECT position, cell_id, size_id, security, concurrency, method_id, state, reason, run_id, stacks::text AS stacks
                        FROM study_run_cells WHERE study_run_id = ? ORDER BY position""")
                .param(studyRunId)
                .query(CellRow.class)
                .list();
    }

    /** The study run that sent this run as one of its cells, if any. */
    Optional<UUID> studyRunOf(UUID runId) {
        return jdbc.sql("SELECT study_run_id FROM study_run_cells WHERE run_id = ? LIMIT 1")
                .param(runId)
                .query(UUID.class)
                .optional();
    }
}
