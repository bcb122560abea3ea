package dev.soapbench.runs;

import dev.soapbench.wsdl.Sample;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class RunRepository {

    private static final String RUN_COLUMNS =
            """
            id, slug, status, visibility, owner_token_id, created_at, started_at, finished_at, catalog_id, file_name,
            entry, hardware_class, workload::text AS workload, analysis::text AS analysis, config_hash, failure,
            fingerprint::text AS fingerprint, worker_id, manage_token_sha256, cancel_requested_at""";

    private final JdbcClient jdbc;

    RunRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insertRun(RunRow run) {
        jdbc.sql(
                        """
                        INSERT INTO runs (id, slug, status, visibility, owner_token_id, catalog_id, file_name, entry,
                            hardware_class, workload, analysis, config_hash, failure, finished_at, manage_token_sha256)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?)""")
                .params(
                        run.id(),
                        run.slug(),
                        run.status(),
                        run.visibility(),
                        run.ownerTokenId(),
                        run.catalogId(),
                        run.fileName(),
                        run.entry(),
                        run.hardwareClass(),
                        run.workload(),
                        run.analysis(),
                        run.configHash(),
                        run.failure(),
                        run.finishedAt(),
                        run.manageTokenSha256())
                .update();
    }

    void insertBundle(UUID runId, Map<String, byte[]> files) {
        insertBundle(runId, "base", files);
    }

    /** The head WSDL of an A/B of two WSDLs. */
    void insertHeadBundle(UUID runId, Map<String, byte[]> files) {
        insertBundle(runId, "head", files);
    }

    private void insertBundle(UUID runId, String side, Map<String, byte[]> files) {
        files.forEach((path, content) -> jdbc.sql(
                        "INSERT INTO run_bundle_files (run_id, side, path, content) VALUES (?, ?, ?, ?)")
                .params(runId, side, path, content)
                .update());
    }

    /** The run's WSDL bundle as stored: path inside the bundle, bytes; in path order. */
    Map<String, byte[]> bundleFiles(UUID runId) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        jdbc.sql("SELECT path, content FROM run_bundle_files WHERE run_id = ? AND side = 'base' ORDER BY path")
                .param(runId)
                .query((rs, row) -> files.put(rs.getString("path"), rs.getBytes("content")))
                .list();
        return files;
    }

    void insertSamples(UUID runId, List<Sample> samples) {
        for (Sample sample : samples) {
            jdbc.sql(
                            """
                            INSERT INTO run_samples (run_id, operation, soap_action, soap_version, one_way, request, response)
                            VALUES (?, ?, ?, ?, ?, ?, ?)""")
                    .params(
                            runId,
                            sample.operation(),
                            sample.soapAction(),
                            sample.soapVersion(),
                            sample.oneWay(),
                            sample.request(),
                            sample.response())
                    .update();
        }
    }

    void insertStack(UUID runId, StackRow stack) {
        jdbc.sql(
                        """
                        INSERT INTO run_stacks (run_id, position, stack_id, version, status, reason)
                        VALUES (?, ?, ?, ?, ?, ?)""")
                .params(runId, stack.position(), stack.stackId(), stack.version(), stack.status(), stack.reason())
                .update();
    }

    Optional<RunRow> findById(UUID id) {
        return jdbc.sql("SELECT " + RUN_COLUMNS + " FROM runs WHERE id = ?")
                .param(id)
                .query(RunRow.class)
                .optional();
    }

    Optional<RunRow> findBySlug(String slug) {
        return jdbc.sql("SELECT " + RUN_COLUMNS + " FROM runs WHERE slug = ?")
                .param(slug)
                .query(RunRow.class)
                .optional();
    }

    /** Locks the run row so concurrent event handlers apply their transitions one after the other. */
    Optional<RunRow> lockById(UUID id) {
        return jdbc.sql("SELECT " + RUN_COLUMNS + " FROM runs WHERE id = ? FOR UPDATE")
                .param(id)
                .query(RunRow.class)
                .optional();
    }

    List<StackRow> stacksOf(UUID runId) {
        return jdbc.sql(
                        """
                        SELECT stack_id, version, position, status, reason, log, build_seconds, versions::text AS versions
                        FROM run_stacks WHERE run_id = ? ORDER BY position""")
                .param(runId)
                .query(StackRow.class)
                .list();
    }

    /** A page of the runs the caller may see that pass the filter, newest first, with each run's stacks. */
    List<RunSummary> page(UUID ownerTokenId, RunFilter filter, int page, int size) {
        // The page's rows first, then their stacks: a subquery in the outer list would run for every
        // row the offset skips.
        return jdbc.sql(
                        """
                        WITH listed AS (
                            SELECT r.id, r.slug, r.status, r.visibility, r.created_at, r.catalog_id, r.file_name,
                                   c.project, c.branch
                            FROM runs r LEFT JOIN run_ci c ON c.run_id = r.id
                            WHERE """
                                + VISIBLE_AND_FILTERED
                                + """

                            ORDER BY r.created_at DESC, r.id
                            LIMIT ? OFFSET ?)
                        SELECT l.id, l.slug, l.status, l.visibility, l.created_at,
                               CASE WHEN l.catalog_id IS NOT NULL THEN 'catalog:' || l.catalog_id ELSE l.file_name END
                                   AS source,
                               ARRAY(SELECT s.stack_id || '@' || s.version FROM run_stacks s
                                     WHERE s.run_id = l.id ORDER BY s.position) AS stacks,
                               (SELECT count(*) FROM run_stacks s WHERE s.run_id = l.id
                                  AND s.status IN ('unsupported', 'build_failed', 'verify_failed', 'failed'))
                                   AS failed_stacks,
                               l.project, l.branch
                        FROM listed l
                        ORDER BY l.created_at DESC, l.id""")
                .params(filterParams(ownerTokenId, filter, size, (long) page * size))
                .query((rs, row) -> new RunSummary(
                        rs.getObject("id", UUID.class),
                        rs.getString("slug"),
                        rs.getString("status"),
                        rs.getString("visibility"),
                        rs.getObject("created_at", OffsetDateTime.class),
                        rs.getString("source"),
                        List.of((String[]) rs.getArray("stacks").getArray()),
                        rs.getInt("failed_stacks"),
                        rs.getString("project"),
                        rs.getString("branch"),
                        null))
                .list();
    }

    long count(UUID ownerTokenId, RunFilter filter) {
        return jdbc.sql("SELECT count(*) FROM runs r WHERE " + VISIBLE_AND_FILTERED)
                .params(filterParams(ownerTokenId, filter))
                .query(Long.class)
                .single();
    }

    // Each filter is a parameter that is null when unused; the statement stays the same for all. It
    // reads only columns of runs_listing (V14), so counting needs no visit to the wide run rows.
    private static final String VISIBLE_AND_FILTERED =
            """
            (r.visibility = 'public' OR r.owner_token_id = ?)
              AND (?::text IS NULL OR EXISTS (SELECT 1 FROM run_stacks s WHERE s.run_id = r.id AND s.stack_id = ?::text))
              AND (?::text IS NULL OR r.catalog_id ILIKE ?::text ESCAPE '\\' OR r.file_name ILIKE ?::text ESCAPE '\\')
              AND (?::text IS NULL OR r.status = ?::text)
              AND (?::text IS NULL OR EXISTS (SELECT 1 FROM run_ci p WHERE p.run_id = r.id AND p.project = ?::text))
              AND (?::text IS NULL OR EXISTS (SELECT 1 FROM run_ci b WHERE b.run_id = r.id AND b.branch = ?::text))
              AND (?::timestamptz IS NULL OR r.created_at >= ?::timestamptz)
              AND (?::timestamptz IS NULL OR r.created_at < ?::timestamptz)""";

    private static Object[] filterParams(UUID ownerTokenId, RunFilter f, Object... more) {
        List<Object> params = new ArrayList<>();
        params.add(ownerTokenId);
        params.addAll(Arrays.asList(f.stack(), f.stack()));
        params.addAll(Arrays.asList(f.source(), f.sourcePattern(), f.sourcePattern()));
        params.addAll(Arrays.asList(f.status(), f.status()));
        params.addAll(Arrays.asList(f.project(), f.project()));
        params.addAll(Arrays.asList(f.branch(), f.branch()));
        params.addAll(Arrays.asList(f.from(), f.from()));
        params.addAll(Arrays.asList(f.until(), f.until()));
        params.addAll(Arrays.asList(more));
        return params.toArray();
    }

    /** Running on this worker; a run being cancelled stays {@code cancelling}. */
    void markRunning(UUID runId, String workerId, String fingerprint) {
        jdbc.sql(
                        """
                        UPDATE runs SET status = CASE WHEN status = 'cancelling' THEN status ELSE 'running' END,
                            worker_id = ?, fingerprint = coalesce(?::jsonb, fingerprint),
                            started_at = coalesce(started_at, now())
                        WHERE id = ?""")
                .params(workerId, fingerprint, runId)
                .update();
    }

    void markCancelling(UUID runId) {
        jdbc.sql("UPDATE runs SET status = 'cancelling', cancel_requested_at = now() WHERE id = ?")
                .param(runId)
                .update();
    }

    /** Runs a worker should be working on: the watchdog's candidates. */
    List<RunRow> inProgress() {
        return jdbc.sql("SELECT " + RUN_COLUMNS + " FROM runs WHERE status IN ('running', 'cancelling')")
                .query(RunRow.class)
                .list();
    }

    /** {@code status|visibility}: what the runs list shows of a run that a change may move. */
    Optional<String> listKey(UUID runId) {
        return jdbc.sql("SELECT status || '|' || visibility FROM runs WHERE id = ?")
                .param(runId)
                .query(String.class)
                .optional();
    }

    /** Runs not ended yet: queued for a worker, or on one. */
    List<RunRow> unfinished() {
        return jdbc.sql("SELECT " + RUN_COLUMNS + " FROM runs WHERE status IN ('queued', 'running', 'cancelling')")
                .query(RunRow.class)
                .list();
    }

    /**
     * The newest interop runs (workload mode {@code interop}) the caller may see listed: public ones
     * and the caller's own private ones, newest first.
     */
    List<RunRow> recentInterop(UUID ownerTokenId, int limit) {
        return jdbc.sql(
                        "SELECT " + RUN_COLUMNS
                                + """
                         FROM runs WHERE workload->>'mode' = 'interop'
                            AND (visibility = 'public' OR owner_token_id = ?)
                        ORDER BY created_at DESC LIMIT ?""")
                .params(ownerTokenId, limit)
                .query(RunRow.class)
                .list();
    }

    /** The newest completed runs of a hardware class that a worker started, newest first. */
    List<RunRow> recentlyCompleted(String hardwareClass, int limit) {
        return jdbc.sql(
                        "SELECT " + RUN_COLUMNS
                                + """
                         FROM runs WHERE hardware_class = ? AND status = 'completed' AND started_at IS NOT NULL
                        ORDER BY finished_at DESC LIMIT ?""")
                .params(hardwareClass, limit)
                .query(RunRow.class)
                .list();
    }

    /** The newest completed public runs of a catalog service on a hardware class. */
    List<RunRow> completedPublicCatalogRuns(String catalogId, String hardwareClass, int limit) {
        return jdbc.sql(
                        "SELECT " + RUN_COLUMNS
                                + """
                         FROM runs WHERE catalog_id = ? AND hardware_class = ? AND visibility = 'public'
                            AND status = 'completed'
                        ORDER BY finished_at DESC LIMIT ?""")
                .params(catalogId, hardwareClass, limit)
                .query(RunRow.class)
                .list();
    }

    void finish(UUID runId, String status, String failure) {
        jdbc.sql("UPDATE runs SET status = ?, failure = ?, finished_at = now() WHERE id = ?")
                .params(status, failure, runId)
                .update();
    }

    void updateStack(UUID runId, StackRow stack) {
        jdbc.sql(
                        """
                        UPDATE run_stacks
                        SET status = ?, reason = coalesce(?, reason), log = coalesce(?, log),
                            build_seconds = coalesce(?, build_seconds), versions = coalesce(?::jsonb, versions)
                        WHERE run_id = ? AND stack_id = ? AND version = ?""")
                .params(
                        stack.status(),
                        stack.reason(),
                        stack.log(),
                        stack.buildSeconds(),
                        stack.versions(),
                        runId,
                        stack.stackId(),
                        stack.version())
                .update();
    }

    /** Makes a stack that ended as {@code status} for {@code reason} done, keeping its log and versions. */
    void markStackMeasured(UUID runId, String stackId, String version, String status, String reason) {
        jdbc.sql(
                        """
                        UPDATE run_stacks SET status = ?, reason = NULL
                        WHERE run_id = ? AND stack_id = ? AND (?::text IS NULL OR version = ?::text) AND status = ? AND reason = ?""")
                .params(RunStatus.STACK_DONE, runId, stackId, version, version, status, reason)
                .update();
    }

    void insertCi(UUID runId, CiContext ci) {
        jdbc.sql("INSERT INTO run_ci (run_id, project, branch, commit_sha, ci_url) VALUES (?, ?, ?, ?, ?)")
                .params(runId, ci.project(), ci.branch(), ci.commit(), ci.url())
                .update();
    }

    Optional<CiContext> ciOf(UUID runId) {
        return jdbc.sql("SELECT project, branch, commit_sha, ci_url FROM run_ci WHERE run_id = ?")
                .param(runId)
                .query((rs, row) -> new CiContext(
                        rs.getString("project"),
                        rs.getString("branch"),
                        rs.getString("commit_sha"),
                        rs.getString("ci_url")))
                .optional();
    }
}
