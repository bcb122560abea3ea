package dev.soapbench.studies;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** A study definition: studies/study.schema.json. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Study(
        String id,
        String name,
        String description,
        Seed seed,
        String catalog,
        Matrix matrix,
        Chart chart,
        List<PublishedRatio> published) {

    public record Seed(String title, String author, int year, String source) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Matrix(
            List<String> stacks,
            List<String> security,
            List<Size> sizes,
            List<Integer> concurrency,
            String driver,
            String hardwareClass,
            List<Method> methods) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Size(String id, String label, JsonNode requests, Integer sequenceLength, Integer payloadBytes) {

        String dataset() {
            return requests == null ? null : requests.path("dataset").asString(null);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Method(
            String id,
            String label,
            String description,
            JsonNode load,
            JsonNode warmup,
            Boolean keepAlive,
            Integer repetitions) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Chart(String kind, String metric, String baseline, List<String> groupBy) {}

    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record PublishedRatio(
            String size,
            String security,
            String method,
            String stack,
            String baseline,
            Double ratio,
            Double min,
            Double max,
            String text,
            String note) {}
}
