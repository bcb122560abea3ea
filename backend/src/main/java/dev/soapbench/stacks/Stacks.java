package dev.soapbench.stacks;

import com.networknt.schema.Schema;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.common.SchemaFiles;
import dev.soapbench.common.SoapBenchProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The stacks the runners' manifests declare. Every manifest is checked against
 * stack-runners/stack.schema.json at start-up, and a broken one stops the service with its file and
 * fault named. Afterwards the folder is looked at on every call, so a stack added to it shows up
 * without a restart (a broken late arrival is logged and left out); a manifest is read again only
 * when its size or modification time changed, as run pages ask for every stack's name on each read.
 */
@Service
public class Stacks {

    private static final Logger log = LoggerFactory.getLogger(Stacks.class);

    private final Path stacksDir;
    private final ObjectMapper json;
    private final Schema schema;
    private final Map<Path, Read> reads = new ConcurrentHashMap<>();

    /** A manifest as read, with the file's state it was read from. */
    private record Read(FileTime modified, long size, Optional<StackManifest> manifest) {}

    public Stacks(
            SoapBenchProperties properties, @Value("${soapbench.stack-schema}") String schemaFile, ObjectMapper json) {
        this.stacksDir = properties.stacksPath();
        this.json = json;
        if (stacksDir == null || !Files.isDirectory(stacksDir)) {
            log.warn("Stack folder {} does not exist; no stacks are offered", stacksDir);
            this.schema = null;
            return;
        }
        this.schema = SchemaFiles.schema(Path.of(schemaFile).toAbsolutePath().normalize(), json);
        manifestFiles().forEach(this::readChecked);
    }

    public List<StackManifest> all() {
        if (schema == null) {
            return List.of();
        }
        return manifestFiles().stream()
                .map(this::readIfChanged)
                .flatMap(Optional::stream)
                .sorted(Comparator.comparing(StackManifest::id))
                .toList();
    }

    public Optional<StackManifest> find(String id) {
        return all().stream().filter(stack -> stack.id().equals(id)).findFirst();
    }

    /**
     * Resolves workload stack names ({@code cxf}, {@code cxf@4.2.3}, {@code cxf+parallel-gc}, {@code
     * cxf@4.2.3+parallel-gc}) to manifests, versions and variants; every name that does not resolve,
     * or that names a stack another name already did, is reported at once, by its JSON pointer in
     * the workload.
     */
    public List<ResolvedStack> resolve(List<String> names) {
        List<StackManifest> known = all();
        List<ResolvedStack> resolved = new ArrayList<>();
        List<ProblemError> errors = new ArrayList<>();
        Map<String, Integer> firstAt = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            StackName name = StackName.parse(names.get(i));
            Optional<StackManifest> manifest =
                    known.stream().filter(stack -> stack.id().equals(name.id())).findFirst();
            String field = "/stacks/" + i;
            if (manifest.isEmpty()) {
                errors.add(ProblemError.inField(field, "unknown stack '" + name.id() + "'"));
                continue;
            }
            StackManifest stack = manifest.get();
            if (name.version() != null && !stack.hasVersion(name.version())) {
                errors.add(ProblemError.inField(
                        field,
                        "stack '" + stack.id() + "' has no version '" + name.version() + "' (known: "
                                + String.join(", ", versionsOf(stack)) + ")"));
                continue;
            }
            if (name.variant() != null && stack.variant(name.variant()).isEmpty()) {
                errors.add(ProblemError.inField(field, noSuchVariant(stack, name.variant())));
                continue;
            }
            String version = name.version() == null ? stack.defaultVersion() : name.version();
            ResolvedStack one =
                    new ResolvedStack(stack, StackVersions.withVariant(version, name.variant()), name.variant());
            String key = one.name();
            Integer earlier = firstAt.putIfAbsent(key, i);
            if (earlier != null) {
                errors.add(ProblemError.inField(field, "names " + key + ", as /stacks/" + earlier + " does"));
                continue;
            }
            resolved.add(one);
        }
        if (!errors.isEmpty()) {
            String detail = errors.stream()
                    .map(ProblemError::message)
                    .reduce((a, b) -> a + "; " + b)
                    .orElseThrow();
            throw ApiProblem.unprocessable("Unknown stacks in the workload: " + detail + ".", errors);
        }
        return resolved;
    }

    /** What a workload naming an undeclared variant is told: the stack and the variants it declares. */
    static String noSuchVariant(StackManifest stack, String variant) {
        return "stack '" + stack.id() + "' has no variant '" + variant + "' ("
                + (stack.variants().isEmpty()
                        ? "it declares none"
                        : "declared: " + String.join(", ", stack.variantIds()))
                + ")";
    }

    static List<String> versionsOf(StackManifest stack) {
        return stack.versions().stream().map(StackManifest.Version::version).toList();
    }

    private List<Path> manifestFiles() {
        if (!Files.isDirectory(stacksDir)) {
            return List.of();
        }
        try (Stream<Path> folders = Files.list(stacksDir)) {
            return folders.map(folder -> folder.resolve("stack.json"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + stacksDir, e);
        }
    }

    private Optional<StackManifest> readIfChanged(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            Read known = reads.get(file);
            if (known != null
                    && known.modified().equals(attributes.lastModifiedTime())
                    && known.size() == attributes.size()) {
                return known.manifest();
            }
            Optional<StackManifest> manifest = read(file);
            reads.put(file, new Read(attributes.lastModifiedTime(), attributes.size(), manifest));
            return manifest;
        } catch (IOException e) {
            log.warn("Ignoring stack manifest {}: {}", file, e.getMessage());
            return Optional.empty();
        }
    }

    private Optional<StackManifest> read(Path file) {
        try {
            return Optional.of(readChecked(file));
        } catch (IllegalStateException e) {
            log.warn("Ignoring a stack: {}", e.getMessage());
            return Optional.empty();
        }
    }

    private StackManifest readChecked(Path file) {
        JsonNode document = SchemaFiles.readValid("Stack manifest", file, schema, json);
        StackManifest manifest = json.treeToValue(document, StackManifest.class);
        String folder = file.getParent().getFileName().toString();
        if (!manifest.id().equals(folder)) {
            throw new IllegalStateException("Stack manifest " + file + " is invalid at /id: '" + manifest.id()
                    + "' differs from its folder name '" + folder + "'");
        }
        for (int i = 0; i < manifest.versions().size(); i++) {
            StackManifest.Version version = manifest.versions().get(i);
            if (version.security() != null && !manifest.features().security().containsAll(version.security())) {
                throw new IllegalStateException("Stack manifest " + file + " is invalid at /versions/" + i
                        + "/security: a version claims only modes of /features/security, and "
                        + version.security() + " is not within "
                        + manifest.features().security());
            }
        }
        Set<String> variants = new HashSet<>();
        for (StackManifest.Variant variant : manifest.variants()) {
            if (!variants.add(variant.id())) {
                throw new IllegalStateException(
                        "Stack manifest " + file + " declares variant '" + variant.id() + "' twice");
            }
        }
        return manifest;
    }
}
