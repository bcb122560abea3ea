package dev.soapbench.studies;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** A study definition: studies/study.schema.json. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record Study(
        String id,
        String name,
        String description,
        Seed seed,
        String catalog,
        Matrix matrix,
        Chart chart,
        List<PublishedRatio> published,
        List<Probe> probes,
        Probe probe) {

    /** The stack id of a matrix entry: {@code cxf} of {@code cxf@3.6.10} or {@code cxf+parallel-gc}. */
    static String stackId(String name) {
        return name.replaceFirst("[@+].*", "");
    }

    /** The probe of this study with that id. */
    java.util.Optional<Probe> probeNamed(String probeId) {
        return probes == null
                ? java.util.Optional.empty()
                : probes.stream().filter(p -> p.id().equals(probeId)).findFirst();
    }

    /**
     * The study as one of its probes runs it: the matrix with the probe's one change, and the probe
     * recorded, so a study run of it is never read as the study itself.
     */
    Study probed(Probe chosen) {
        Matrix changed = new Matrix(
                chosen.stacks() == null ? matrix.stacks() : chosen.stacks(),
                matrix.security(),
                matrix.sizes(),
                matrix.concurrency(),
                chosen.driver() == null ? matrix.driver() : chosen.driver(),
                matrix.securedDriver(),
                matrix.hardwareClass(),
                matrix.methods().stream()
                        .map(method -> chosen.warmupSequences() == null
                                ? method
                                : method.withWarmupSequences(chosen.warmupSequences()))
                        .map(method -> chosen.coldStart() ? method.cold() : method)
                        .toList());
        return new Study(id, name, description, seed, catalog, changed, chart, published, null, chosen);
    }

    /**
     * A study run that changes one thing of the study, to test a suspected cause of a claim that is
     * not reproduced (studies/study.schema.json, {@code probes}).
     *
     * @param question what the probe asks, e.g. "Is it the clients?"
     * @param driver the driver instead of the study's, when the probe changes it
     * @param stacks the matrix's stacks instead of the study's (older lines, variants), when it changes
     *     them; the same stack ids in the same order, so claims still find their stacks
     * @param cold true when the probe runs every method cold ({@link Method#cold})
     * @param security the matrix's security modes whose cells the probe measures, when not all: a
     *     probe of a client's transport need not sign again. The other cells stay in its run, pending
     *     with that reason.
     * @param warmupSequences every method's warm-up in passes of the sequence instead of its own
     *     ({@link Method#warmupSequences}): how long each measurement's client warms up
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Probe(
            String id,
            String label,
            String question,
            String driver,
            List<String> stacks,
            Boolean cold,
            List<String> security,
            Integer warmupSequences) {

        /** A probe that changes the driver or the stacks, in every cell. */
        public Probe(String id, String label, String question, String driver, List<String> stacks) {
            this(id, label, question, driver, stacks, null, null, null);
        }

        boolean coldStart() {
            return Boolean.TRUE.equals(cold);
        }

        /** Whether the probe measures the cells of this security mode. */
        boolean measures(String mode) {
            return security == null || security.contains(mode);
        }
    }

    public record Seed(String title, String author, int year, String source) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Matrix(
            List<String> stacks,
            List<String> security,
            List<Size> sizes,
            List<Integer> concurrency,
            String driver,
            String securedDriver,
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
            Integer warmupSequences,
            Boolean keepAlive,
            Integer repetitions) {

        /**
         * This method on a server started again before every measurement, with no JIT warm-up
         * (workload {@code warmup.cold}), and never extended ({@code load.minSeconds} 0): the same
         * id, so the claims that read this method find its cells in the probe's run.
         */
        Method cold() {
            ObjectNode coldLoad =
                    load instanceof ObjectNode given ? given.deepCopy() : JsonNodeFactory.instance.objectNode();
            coldLoad.put("minSeconds", 0);
            ObjectNode coldWarmup =
                    warmup instanceof ObjectNode given ? given.deepCopy() : JsonNodeFactory.instance.objectNode();
            coldWarmup.put("cold", true);
            return new Method(id, label, description, coldLoad, coldWarmup, warmupSequences, keepAlive, repetitions);
        }

        /**
         * This method warmed up with {@code passes} untimed passes of each size's sequence (a probe's
         * {@code warmupSequences}), in place of its own warm-up in passes or in requests; its description
         * says so, since its own words describe its own warm-up.
         */
        Method withWarmupSequences(int passes) {
            // A warm-up in passes replaces one in requests (Studies refuses a method with both).
            JsonNode passesOnly = warmup;
            if (warmup instanceof ObjectNode given) {
                ObjectNode copy = given.deepCopy();
                copy.remove("requests");
                passesOnly = copy;
            }
            String changed = (description == null ? "" : description + " ") + "This probe warms up with " + passes
                    + " untimed pass" + (passes == 1 ? "" : "es") + " of the sequence instead.";
            return new Method(id, label, changed, load, passesOnly, passes, keepAlive, repetitions);
        }
    }

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
