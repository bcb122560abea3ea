package dev.soapbench.interop;

import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class InteropCellRepository {

    private final JdbcClient jdbc;

    InteropCellRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Stores a cell; the same cell reported again (a redelivered job reports it anew) replaces the
     * first report, so a cell is never counted twice.
     */
    void save(UUID runId, InteropCell cell) {
        jdbc.sql(
                        """
                        INSERT INTO interop_cells (run_id, client_stack, client_version, server_stack, server_version,
                            security, outcome, reason, requests, errors, throughput_rps, p50_ms, p99_ms,
                            client_cpu_seconds, client_peak_rss_bytes)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (run_id, client_stack, client_version, server_stack, server_version, security)
                        DO UPDATE SET outcome = excluded.outcome, reason = excluded.reason,
                            requests = excluded.requests, errors = excluded.errors,
                            throughput_rps = excluded.throughput_rps, p50_ms = excluded.p50_ms,
                            p99_ms = excluded.p99_ms, client_cpu_seconds = excluded.client_cpu_seconds,
                            client_peak_rss_bytes = excluded.client_peak_rss_bytes, reported_at = now()""")
                .params(
                        runId,
                        cell.clientStack(),
                        cell.clientVersion(),
                        cell.serverStack(),
                        cell.serverVersion(),
                        cell.security(),
                        cell.outcome(),
                        cell.reason(),
                        cell.requests(),
                        cell.errors(),
                        cell.throughputRps(),
                        cell.p50Ms(),
                        cell.p99Ms(),
                        cell.clientCpuSeconds(),
                        cell.clientPeakRssBytes())
                .update();
    }

    List<InteropCell> cellsOf(UUID runId) {
        return jdbc.sql(
                        """
                        SELECT client_stack, client_version, server_stack, server_version, security, outcome, reason,
                            requests, errors, throughput_rps, p50_ms, p99_ms, client_cpu_seconds, client_peak_rss_bytes
                        FROM interop_cells WHERE run_id = ?""")
                .param(runId)
                .query(InteropCell.class)
                .list();
    }
}
