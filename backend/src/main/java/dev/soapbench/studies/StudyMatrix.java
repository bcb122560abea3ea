package dev.soapbench.studies;

import dev.soapbench.stacks.Compatibility;
import dev.soapbench.stacks.StackManifest;
import dev.soapbench.stacks.StackName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Expands a study into cells (size × security × concurrency × method, in that nesting) and writes
 * each cell's workload over the catalog service's default workload.
 */
final class StudyMatrix {

    /** Overrides given when a study is started; null fields keep the study's own values. */
    record Options(Integer repetitions, String hardwareClass) {

        static Options none() {
            return new Options(null, null);
        }
    }

    private StudyMatrix() {}

    static List<StudyCellPlan> expand(
            Study study,
            JsonNode defaultWorkload,
            Function<String, Optional<StackManifest>> manifests,
            Options options) {
        List<StudyCellPlan> cells = new ArrayList<>();
        Study.Matrix matrix = study.matrix();
        for (Study.Size size : matrix.sizes()) {
            for (String security : matrix.security()) {
                String outsideProbe = outsideProbe(study, security);
                List<StudyCellPlan.StackPlan> stacks = matrix.stacks().stream()
                        .map(name -> outsideProbe != null
                                ? new StudyCellPlan.StackPlan(name, true, outsideProbe)
                                : stackPlan(name, security, driver(study, security), manifests))
                        .toList();
                List<String> runnable = stacks.stream()
                        .filter(stack -> !stack.pending())
                        .map(StudyCellPlan.StackPlan::stack)
                        .toList();
                String pendingReason = outsideProbe != null ? outsideProbe : noStackSupports(security, stacks);
                for (int concurrency : matrix.concurrency()) {
                    for (Study.Method method : matrix.methods()) {
                        ObjectNode workload = runnable.isEmpty()
                                ? null
                                : workload(
                                        study, defaultWorkload, size, security, concurrency, method, runnable, options);
                        cells.add(new StudyCellPlan(
                                cells.size(),
                                StudyCellPlan.cellId(size.id(), security, concurrency, method.id()),
                                size,
                                security,
                                concurrency,
                                method,
                                stacks,
                                pendingReason,
                                workload));
                    }
                }
            }
        }
        return cells;
    }

    /** Why no stack of the cell runs, or null when one does. */
    private static String noStackSupports(String security, List<StudyCellPlan.StackPlan> stacks) {
        if (stacks.stream().anyMatch(stack -> !stack.pending())) {
            return null;
        }
        return "no stack of the study supports " + security + " yet ("
                + String.join(
                        "; ",
                        stacks.stream().map(s -> s.stack() + ": " + s.reason()).toList())
                + ")";
    }

    /**
     * Why a probe's run leaves the cells of this security mode unmeasured, or null when it measures
     * them (every run of the study itself does).
     */
    private static String outsideProbe(Study study, String security) {
        Study.Probe probe = study.probe();
        if (probe == null || probe.measures(security)) {
            return null;
        }
        return "not measured by this probe, which measures " + String.join(", ", probe.security()) + " cells only";
    }

    /** The study's driver: {@code native} (each stack's own client) or {@code neutral}. */
    static String driver(Study study) {
        return "native".equals(study.matrix().driver()) ? "native" : "neutral";
    }

    /**
     * The driver of the study's cells in a security mode: the study's, except that a neutral-driver
     * study with {@code securedDriver} measures its secured cells with each stack's own client, the
     * only one that secures its requests (the WSO2 article's signed-and-encrypted runs).
     */
    static String driver(Study study, String security) {
        String securedDriver = study.matrix().securedDriver();
        return !security.equals("plain") && securedDriver != null ? securedDriver : driver(study);
    }

    private static StudyCellPlan.StackPlan stackPlan(
            String name, String security, String driver, Function<String, Optional<StackManifest>> manifests) {
        // cxf, cxf@4.2.3, cxf+urlconnection-client and cxf@4.2.3+parallel-gc all name stack cxf.
        Optional<StackManifest> manifest = manifests.apply(Study.stackId(name));
        if (manifest.isEmpty()) {
            return new StudyCellPlan.StackPlan(name, true, "no runner for this stack on this server");
        }

        // A study that names an older version is judged by what that version honours.
        StackManifest atVersion = Optional.ofNullable(StackName.parse(name).version())
                .map(manifest.get()::atVersion)
                .orElse(manifest.get());
        List<Compatibility.Gap> gaps = Compatibility.gaps(
                atVersion,
                Compatibility.Needs.NOTHING.withSecurity(List.of(security)).withNativeClient(driver.equals("native")));
        if (!gaps.isEmpty()) {
            return new StudyCellPlan.StackPlan(name, true, pendingBecause(gaps.get(0), atVersion));
        }
        if (!security.equals("plain") && !driver.equals("native")) {
            // A secured server refuses the neutral driver's requests, which carry no WS-Security; a
            // study that names no securedDriver (or a probe that moves it to the neutral driver)
            // leaves the cell to the runs that use the stacks' own clients.
            return new StudyCellPlan.StackPlan(
                    name,
                    true,
                    "is measured in " + security + " with its own client only; this study uses the neutral driver");
        }
        return new StudyCellPlan.StackPlan(name, false, null);
    }

    /** A study page words a gap for its reader: what the stack lacks, and what it has instead. */
    private static String pendingBecause(Compatibility.Gap gap, StackManifest manifest) {
        List<String> supported = manifest.features().security();
        return switch (gap.need()) {
            case NATIVE_CLIENT -> "has no native client yet (the study times each stack's own client)";
            case SECURITY_MODE -> "supports "
                    + (supported.isEmpty() ? "no security mode" : String.join(", ", supported)) + " only";
            default -> gap.reason();
        };
    }

    static ObjectNode workload(
            Study study,
            JsonNode defaultWorkload,
            Study.Size size,
            String security,
            int concurrency,
            Study.Method method,
            List<String> stacks,
            Options options) {
        ObjectNode workload = defaultWorkload == null || !defaultWorkload.isObject()
                ? JsonNodeFactory.instance.objectNode()
                : ((ObjectNode) defaultWorkload).deepCopy();
        workload.put("wsdl", "catalog:" + study.catalog());
        workload.putArray("stacks")
                .addAll(stacks.stream().map(workload::textNode).toList());
        workload.putArray("security").add(security);
        workload.put("driver", driver(study, security));

        ObjectNode load = workload.has("load") ? (ObjectNode) workload.get("load") : workload.putObject("load");
        if (method.load() != null) {
            method.load().properties().forEach(entry -> load.set(entry.getKey(), entry.getValue()));
        }
        load.put("connections", concurrency);
        boolean methodSetsRequests = method.load() != null && method.load().has("requests");
        if (!methodSetsRequests && size.sequenceLength() != null) {
            load.put("requests", size.sequenceLength());
        }
        if (method.warmup() != null) {
            workload.set("warmup", method.warmup().deepCopy());
        }
        if (method.warmupSequences() != null && size.sequenceLength() != null) {
            // As many warm-up requests as the passes asked of this size's sequence: a warm-up in
            // proportion to what is measured, where a fixed count would send ten large passes
            // before every one measured (each measurement's client is a new process).
            ObjectNode warmup =
                    workload.has("warmup") ? (ObjectNode) workload.get("warmup") : workload.putObject("warmup");
            warmup.put("requests", method.warmupSequences() * size.sequenceLength());
        }
        if (method.keepAlive() != null) {
            workload.put("keepAlive", method.keepAlive());
        }
        Integer repetitions = options.repetitions() != null ? options.repetitions() : method.repetitions();
        if (repetitions != null) {
            workload.put("repetitions", repetitions);
        }
        String hardwareClass = options.hardwareClass() != null
                ? options.hardwareClass()
                : study.matrix().hardwareClass();
        if (hardwareClass != null) {
            workload.put("hardwareClass", hardwareClass);
        }
        if (size.requests() != null) {
            workload.set("requests", size.requests().deepCopy());
        } else {
            workload.remove("requests");
        }
        return workload;
    }
}
