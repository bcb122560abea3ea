package dev.soapbench.compare;

import dev.soapbench.common.JsonCsv;
import dev.soapbench.common.JsonCsv.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/** A comparison as CSV (common/JsonCsv): one row per run × cell × stack, with its ratio to the baseline. */
final class CompareCsv {

    private static final List<Column> COLUMNS = List.of(
            new Column("run", "/run/slug", true),
            new Column("run_id", "/run/id", true),
            new Column("baseline", "/run/baseline", true),
            new Column("run_status", "/run/status", true),
            new Column("cell", "/cell/label", true),
            new Column("security", "/cell/key/security", true),
            new Column("operation", "/cell/key/operation", true),
            new Column("stack", "/stack/id", true),
            new Column("version", "/stack/version", true),
            new Column("repetitions", "/figures/repetitions", false),
            new Column("repetitions_used", "/figures/used", false),
            new Column("throughput_median_per_second", "/figures/throughput/median", false),
            new Column("throughput_low", "/figures/throughput/low", false),
            new Column("throughput_high", "/figures/throughput/high", false),
            new Column("throughput_coverage", "/figures/throughput/coverage", false),
            new Column("latency_p50_ms", "/figures/latencyMs/p50", false),
            new Column("latency_p90_ms", "/figures/latencyMs/p90", false),
            new Column("latency_p99_ms", "/figures/latencyMs/p99", false),
            new Column("server_cpu_seconds_median", "/figures/serverCpuSecondsMedian", false),
            new Column("peak_rss_bytes_max", "/figures/peakRssBytesMax", false),
            new Column("ratio_against", "/figures/ratio/against", true),
            new Column("ratio_to_baseline", "/figures/ratio/ratio", false),
            new Column("ratio_low", "/figures/ratio/low", false),
            new Column("ratio_high", "/figures/ratio/high", false),
            new Column("verdict", "/figures/ratio/verdict", true),
            new Column("significant", "/figures/ratio/significant", true),
            new Column("reason", "/figures/reason", true));

    private CompareCsv() {}

    static String of(ComparePage page, ObjectMapper json) {
        Map<UUID, ComparePage.Run> runs =
                page.runs().stream().collect(Collectors.toMap(ComparePage.Run::id, Function.identity()));
        List<JsonNode> rows = new ArrayList<>();
        for (ComparePage.Run run : page.runs()) {
            for (ComparePage.Cell cell : page.cells()) {
                for (ComparePage.Stack stack : cell.stacks()) {
                    stack.runs().stream()
                            .filter(figures -> figures.run().equals(run.id()))
                            .forEach(figures -> {
                                ObjectNode row = json.createObjectNode();
                                row.set("run", json.valueToTree(runs.get(figures.run())));
                                row.set("cell", json.valueToTree(cell));
                                row.set("stack", json.valueToTree(stack));
                                row.set("figures", json.valueToTree(figures));
                                rows.add(row);
                            });
                }
            }
        }
        return JsonCsv.of(COLUMNS, rows);
    }
}
