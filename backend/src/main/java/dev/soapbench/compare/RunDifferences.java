package dev.soapbench.compare;

import dev.soapbench.common.Machines;
import dev.soapbench.common.WorkloadDefaults;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * What differs between runs of one WSDL and may move their figures apart: the workload (but for
 * the stacks, how many repetitions and the reference, which are what one compares runs for or do
 * not change what a repetition measures), the machine (the fingerprint fields that decide its
 * speed), a catalog service whose files changed, and runs that have not completed. Each becomes a
 * warning shown above the figures; none stops the comparison, since comparing across exactly such
 * a change (another connection count, a kernel upgrade) is often the point.
 */
final class RunDifferences {

    /** Workload fields that runs are compared across by design. */
    static final Set<String> ALLOWED_TO_DIFFER = Set.of("stacks", "repetitions", "reference", "wsdl");

    /** The fingerprint fields that identify a machine kind, as the leaderboards cut their history by. */
    static final List<String> MACHINE_FIELDS = Machines.KIND_FIELDS;

    private RunDifferences() {}

    static List<ComparePage.Warning> of(List<ComparedRun> runs) {
        List<ComparePage.Warning> warnings = new ArrayList<>();
        warnings.addAll(unfinished(runs));
        warnings.addAll(wsdl(runs));
        warnings.addAll(workload(runs));
        warnings.addAll(machine(runs));
        return List.copyOf(warnings);
    }

    static List<ComparePage.Warning> unfinished(List<ComparedRun> runs) {
        return runs.stream()
                .filter(run -> !"completed".equals(run.status()))
                .map(run -> new ComparePage.Warning(
                        "unfinished",
                        null,
                        switch (run.status()) {
                            case "queued" -> "Run " + run.slug() + " is still queued: it has no figures yet.";
                            case "running", "cancelling" -> "Run " + run.slug() + " is still measuring: its figures"
                                    + " are what it has measured so far and may change.";
                            default -> "Run " + run.slug() + " ended " + run.status() + " before it completed: its"
                                    + " figures are what it measured until then.";
                        },
                        List.of(new ComparePage.RunValue(
                                run.id(), run.slug(), JsonNodeFactory.instance.stringNode(run.status())))))
                .toList();
    }

    /**
     * A catalog service whose files changed between runs is still the same service, but not quite the
     * same WSDL; so is an upload whose bundle changed, when the comparison was asked to allow it.
     */
    static List<ComparePage.Warning> wsdl(List<ComparedRun> runs) {
        Set<String> digests = runs.stream().map(ComparedRun::wsdlSha256).collect(Collectors.toSet());
        if (digests.size() < 2) {
            return List.of();
        }
        Set<String> sources =
                runs.stream().map(ComparedRun::source).collect(Collectors.toCollection(LinkedHashSet::new));
        String which = sources.size() == 1
                ? sources.iterator().next() + " changed between them"
                : "measured as " + String.join(", ", sources);
        return List.of(new ComparePage.Warning(
                "wsdl",
                "wsdl",
                "The WSDL's files differ between the runs (" + which
                        + "): the operations measured may not be quite the same.",
                runs.stream()
                        .map(run -> new ComparePage.RunValue(
                                run.id(), run.slug(), JsonNodeFactory.instance.stringNode(run.wsdlSha256())))
                        .toList()));
    }

    /** Every workload field, as a JSON pointer, whose value is not the same in all runs. */
    static List<ComparePage.Warning> workload(List<ComparedRun> runs) {
        List<Map<String, JsonNode>> fields = new ArrayList<>();
        Set<String> pointers = new LinkedHashSet<>();
        for (ComparedRun run : runs) {
            Map<String, JsonNode> flat = new LinkedHashMap<>();
            if (run.workload() != null && run.workload().isObject()) {
                // A run stored before every default was written out reads as one that wrote them:
                // a default left out is the same setting, not a difference.
                WorkloadDefaults.applyTo(run.workload()).properties().forEach(field -> {
                    if (!ALLOWED_TO_DIFFER.contains(field.getKey())) {
                        flatten("/" + escape(field.getKey()), field.getValue(), flat);
                    }
                });
            }
            fields.add(flat);
            pointers.addAll(flat.keySet());
        }
        List<ComparePage.Warning> warnings = new ArrayList<>();
        for (String pointer : pointers) {
            List<JsonNode> values =
                    fields.stream().map(flat -> flat.get(pointer)).toList();
            if (!allEqual(values)) {
                warnings.add(warning("workload", pointer, "The workloads differ in " + pointer, runs, values));
            }
        }
        return warnings;
    }

    /**
     * The machines' fingerprint fields that differ. A run no worker has taken yet has no machine,
     * and is left out rather than counted as a difference.
     */
    static List<ComparePage.Warning> machine(List<ComparedRun> runs) {
        List<ComparePage.Warning> warnings = new ArrayList<>();
        for (String field : MACHINE_FIELDS) {
            List<JsonNode> values = runs.stream()
                    .map(run -> hasMachine(run) ? run.fingerprint().get(field) : null)
                    .toList();
            List<JsonNode> known = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                if (hasMachine(runs.get(i))) {
                    known.add(values.get(i));
                }
            }
            if (!allEqual(known)) {
                warnings.add(warning("machine", field, "The runs' machines differ in " + field, runs, values));
            }
        }
        return warnings;
    }

    private static boolean hasMachine(ComparedRun run) {
        return run.fingerprint() != null && run.fingerprint().isObject();
    }

    private static ComparePage.Warning warning(
            String kind, String field, String lead, List<ComparedRun> runs, List<JsonNode> values) {
        List<ComparePage.RunValue> perRun = new ArrayList<>();
        List<String> said = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            ComparedRun run = runs.get(i);
            JsonNode value = values.get(i);
            perRun.add(new ComparePage.RunValue(run.id(), run.slug(), value));
            said.add(describe(value) + " in " + run.slug());
        }
        return new ComparePage.Warning(kind, field, lead + ": " + String.join(", ", said) + ".", List.copyOf(perRun));
    }

    /** Objects become one entry per leaf; arrays stay whole, since their items mean something only together. */
    private static void flatten(String pointer, JsonNode node, Map<String, JsonNode> into) {
        if (node.isObject() && !node.isEmpty()) {
            node.properties().forEach(field -> flatten(pointer + "/" + escape(field.getKey()), field.getValue(), into));
        } else {
            into.put(pointer, node);
        }
    }

    private static boolean allEqual(List<JsonNode> values) {
        return values.stream().map(RunDifferences::normalised).distinct().count() <= 1;
    }

    /** A missing field and a JSON null say the same; 25 and 25.0 are the same load. */
    private static Object normalised(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "null";
        }
        if (value.isNumber()) {
            return value.decimalValue().stripTrailingZeros();
        }
        return value;
    }

    private static String describe(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "none";
        }
        return value.isString() ? value.asString() : value.toString();
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
