package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.common.JsonCsv;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class MeasurementsCsvTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void oneRowPerMeasurementWithAHeader() {
        String csv = MeasurementsCsv.of(List.of(measurement("echo", 1), measurement("echo", 2)));
        String[] lines = csv.split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[0])
                .isEqualTo("stack,version,security,operation,model,connections,repetition,requests,elapsed_seconds,"
                        + "throughput_per_second,latency_p50_ms,latency_p90_ms,latency_p99_ms,latency_p999_ms,"
                        + "latency_max_ms,server_cpu_seconds,peak_rss_bytes,error_ratio,retries,flags");
        assertThat(lines[2])
                .isEqualTo(
                        "cxf,4.2.3,plain,echo,closed,25,2,2000,0.5,4000.5,1.5,2.0,3.25,4.0,5.0,0.8,123456,0.0,0,busy;steal");
    }

    @Test
    void textFromAnUploadCannotBecomeAFormulaOrBreakTheRow() {
        String csv = MeasurementsCsv.of(List.of(measurement("=HYPERLINK(\\\"http://x\\\",\\\"y\\\"),a", 1)));
        String row = csv.split("\n")[1];
        assertThat(row).startsWith("cxf,4.2.3,plain,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\"),a\",closed,");
        assertThat(JsonCsv.neutralised("-1+1")).isEqualTo("'-1+1");
        assertThat(JsonCsv.neutralised("@SUM(A1)")).isEqualTo("'@SUM(A1)");
        assertThat(JsonCsv.neutralised("echo")).isEqualTo("echo");
    }

    private static JsonNode measurement(String operation, int repetition) {
        return JSON.readTree(
                """
                {"stack":"cxf","version":"4.2.3",
                 "cell":{"operation":"%s","security":"plain","connections":25,"model":"closed"},
                 "repetition":%d,"requests":2000,"elapsedSeconds":0.5,"throughput":4000.5,
                 "latencyMs":{"p50":1.5,"p90":2.0,"p99":3.25,"p999":4.0,"max":5.0},
                 "serverCpuSeconds":0.8,"peakRssBytes":123456,"errorRatio":0.0,"retries":0,
                 "flags":["busy","steal"]}"""
                        .formatted(operation, repetition));
    }
}
