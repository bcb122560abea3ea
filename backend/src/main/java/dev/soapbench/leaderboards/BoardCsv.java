package dev.soapbench.leaderboards;

import dev.soapbench.common.JsonCsv;
import dev.soapbench.common.JsonCsv.Column;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** A board's standing as CSV (common/JsonCsv), one row per stack, in band order. */
final class BoardCsv {

    private static final List<Column> COLUMNS = List.of(
            new Column("band", "/band", false),
            new Column("stack", "/stack", true),
            new Column("version", "/version", true),
            new Column("status", "/status", true),
            new Column("throughput_median_per_second", "/throughput/median", false),
            new Column("throughput_low", "/throughput/low", false),
            new Column("throughput_high", "/throughput/high", false),
            new Column("throughput_coverage", "/throughput/coverage", false),
            new Column("latency_p99_median_ms", "/p99Ms/median", false),
            new Column("latency_p99_low_ms", "/p99Ms/low", false),
            new Column("latency_p99_high_ms", "/p99Ms/high", false),
            new Column("ratio_to_leader", "/ratioToLeader/ratio", false),
            new Column("ratio_low", "/ratioToLeader/low", false),
            new Column("ratio_high", "/ratioToLeader/high", false),
            new Column("verdict", "/ratioToLeader/text", true),
            new Column("cpu_seconds_per_1000_requests", "/cpuSecondsPer1000Requests", false),
            new Column("peak_rss_bytes", "/peakRssBytes", false),
            new Column("repetitions_used", "/used", false),
            new Column("requests", "/requests", false),
            new Column("reason", "/reason", true));

    private BoardCsv() {}

    static String of(BoardPage page, ObjectMapper json) {
        if (page.standing() == null) {
            return JsonCsv.of(COLUMNS, List.of());
        }
        List<JsonNode> rows = page.standing().entries().stream()
                .map(entry -> (JsonNode) json.valueToTree(entry))
                .toList();
        return JsonCsv.of(COLUMNS, rows);
    }
}
