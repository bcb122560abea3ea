package dev.soapbench.studies;

import com.networknt.schema.Schema;
import dev.soapbench.common.SchemaFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The study definitions in studies/*.json, checked against studies/study.schema.json and against
 * each other's references at start-up: a broken definition stops the service with its file and
 * fault named, rather than showing a half-defined study.
 */
@Component
class Studies {

    private static final Logger log = LoggerFactory.getLogger(Studies.class);
    static final String SCHEMA_FILE = "study.schema.json";

    private final List<Study> studies;

    Studies(
            @Value("${soapbench.studies-dir}") String studiesDir,
            @Value("${soapbench.study-schema}") String schemaFile,
            ObjectMapper json) {
        this.studies = load(
                Path.of(studiesDir).toAbsolutePath().normalize(),
                Path.of(schemaFile).toAbsolutePath().normalize(),
                json);
    }

    public List<Study> all() {
        return studies;
    }

    public Optional<Study> find(String id) {
        return studies.stream().filter(study -> study.id().equals(id)).findFirst();
    }

    static List<Study> load(Path dir, Path schemaFile, ObjectMapper json) {
        if (!Files.isDirectory(dir)) {
            log.warn("No studies: {} is not a folder", dir);
            return List.of();
        }
        Schema schema = SchemaFiles.schema(schemaFile, json);
        List<Study> loaded = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json"))
                    .filter(f -> !f.getFileName().toString().equals(SCHEMA_FILE))
                    .sorted(Comparator.comparing(Path::toString))
                    .toList()) {
                JsonNode document = SchemaFiles.readValid("Study", file, schema, json);
                Study study = json.treeToValue(document, Study.class);
                checkReferences(file, study);
                loaded.add(study);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(loaded);
    }

    private static void checkReferences(Path file, Study study) {
        String expectedId = file.getFileName().toString().replaceFirst("\\.json$", "");
        List<String> faults = new ArrayList<>();
        if (!study.id().equals(expectedId)) {
            faults.add("id '" + study.id() + "' differs from the file name '" + expectedId + "'");
        }
        Set<String> stacks =
                study.matrix().stacks().stream().map(Study::stackId).collect(Collectors.toSet());
        Set<String> sizes = study.matrix().sizes().stream().map(Study.Size::id).collect(Collectors.toSet());
        Set<String> methods =
                study.matrix().methods().stream().map(Study.Method::id).collect(Collectors.toSet());
        if (sizes.size() != study.matrix().sizes().size()
                || methods.size() != study.matrix().methods().size()) {
            faults.add("size and method ids must be unique");
        }
        if (study.chart().baseline() != null && !stacks.contains(study.chart().baseline())) {
            faults.add("chart.baseline '" + study.chart().baseline() + "' is not a stack of the matrix");
        }
        for (Study.PublishedRatio ratio : study.published()) {
            for (String stack : List.of(ratio.stack(), ratio.baseline())) {
                if (!stacks.contains(stack)) {
                    faults.add("published ratio names '" + stack + "', not a stack of the matrix");
                }
            }
            if (ratio.size() != null && !sizes.contains(ratio.size())) {
                faults.add("published ratio names size '" + ratio.size() + "', not a size of the matrix");
            }
            if (ratio.security() != null && !study.matrix().security().contains(ratio.security())) {
                faults.add("published ratio names security '" + ratio.security() + "', not in the matrix");
            }
            if (ratio.method() != null && !methods.contains(ratio.method())) {
                faults.add("published ratio names method '" + ratio.method() + "', not a method of the matrix");
            }
        }
        for (Study.Method method : study.matrix().methods()) {
            if (method.warmupSequences() == null) {
                continue;
            }
            if (method.warmup() != null && method.warmup().has("requests")) {
                faults.add("method '" + method.id() + "' sets both warmup.requests and warmupSequences");
            }
            sizeWithoutSequenceLength(study)
                    .ifPresent(size -> faults.add("method '" + method.id() + "' sets warmupSequences, but size '"
                            + size.id() + "' has no sequenceLength"));
        }
        faults.addAll(probeFaults(study));
        if (!faults.isEmpty()) {
            throw new IllegalStateException("Study " + file + ": " + faults.get(0) + ".");
        }
    }

    /** A size a warm-up in passes cannot be counted for: it says no sequence length. */
    private static Optional<Study.Size> sizeWithoutSequenceLength(Study study) {
        return study.matrix().sizes().stream()
                .filter(size -> size.sequenceLength() == null)
                .findFirst();
    }

    /**
     * A probe changes one thing and keeps the claims readable: a unique id, and a driver other than
     * the study's, stacks that are the study's ids in the study's order (other versions or variants),
     * cold methods, or a warm-up of other length.
     */
    private static List<String> probeFaults(Study study) {
        List<String> faults = new ArrayList<>();
        if (study.probes() == null) {
            return faults;
        }
        List<String> ids = study.matrix().stacks().stream().map(Study::stackId).toList();
        Set<String> seen = new java.util.HashSet<>();
        for (Study.Probe probe : study.probes()) {
            if (!seen.add(probe.id())) {
                faults.add("probe id '" + probe.id() + "' is used twice");
            }
            boolean changesDriver = probe.driver() != null
                    && !probe.driver().equals(study.matrix().driver());
            boolean changesStacks = probe.stacks() != null
                    && !probe.stacks().equals(study.matrix().stacks());
            if (probe.coldStart() && study.matrix().methods() == null) {
                faults.add("probe '" + probe.id() + "' runs the methods cold, and the matrix names no methods");
            }
            boolean changesWarmup = probe.warmupSequences() != null
                    && study.matrix().methods().stream()
                            .anyMatch(method -> !probe.warmupSequences().equals(method.warmupSequences()));
            if (probe.warmupSequences() != null) {
                sizeWithoutSequenceLength(study)
                        .ifPresent(size -> faults.add("probe '" + probe.id() + "' sets warmupSequences, but size '"
                                + size.id() + "' has no sequenceLength"));
            }
            if (!changesDriver && !changesStacks && !probe.coldStart() && !changesWarmup) {
                faults.add("probe '" + probe.id() + "' changes nothing of the matrix");
            }
            if (probe.stacks() != null
                    && !probe.stacks().stream().map(Study::stackId).toList().equals(ids)) {
                faults.add("probe '" + probe.id() + "' must name the matrix's stacks " + ids + " in that order");
            }
            // The schema keeps the list non-empty and each mode once.
            if (probe.security() != null && !study.matrix().security().containsAll(probe.security())) {
                faults.add("probe '" + probe.id() + "' measures security modes " + probe.security()
                        + ": name some of the matrix's " + study.matrix().security());
            }
        }
        return faults;
    }
}
