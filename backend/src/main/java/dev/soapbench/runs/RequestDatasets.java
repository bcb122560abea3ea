package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.wsdl.Sample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Request sequences named by {@code workload.requests.dataset}: folders in the samples layout under
 * the repository's datasets/. {@code echo/1kb} is the built {@code datasets/echo/out/1kb} when it
 * exists, else the committed {@code datasets/echo/1kb}.
 */
@Component
class RequestDatasets {

    /** Sequences up to this size travel inside the job; larger ones are read by the worker itself. */
    static final long INLINE_LIMIT_BYTES = 2L * 1024 * 1024;

    private static final Pattern NAME = Pattern.compile("^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9._-]*)+$");
    private static final String FIELD = "/requests/dataset";

    private final Path datasetsDir;
    private final ObjectMapper json;

    RequestDatasets(@Value("${soapbench.datasets-dir}") String datasetsDir, ObjectMapper json) {
        this.datasetsDir = Path.of(datasetsDir).toAbsolutePath().normalize();
        this.json = json;
    }

    /**
     * A sequence: its entries in index order, and their total size. Contents are read only when
     * the sequence is small enough to inline.
     */
    record Sequence(String name, long bytes, List<Sample> samples) {

        boolean inline() {
            return bytes < INLINE_LIMIT_BYTES;
        }
    }

    Sequence load(String name) {
        Path folder = folder(name);
        JsonNode index = readIndex(name, folder);
        long bytes = 0;
        List<JsonNode> entries = new ArrayList<>();
        for (JsonNode entry : index) {
            for (String field : List.of("request", "response")) {
                if (entry.hasNonNull(field)) {
                    bytes += size(name, folder, entry.get(field).asString());
                }
            }
            entries.add(entry);
        }
        if (entries.isEmpty()) {
            throw fault("The request sequence '" + name + "' is empty: " + folder + "/index.json lists no requests.");
        }
        if (bytes >= INLINE_LIMIT_BYTES) {
            return new Sequence(name, bytes, List.of());
        }
        List<Sample> samples = new ArrayList<>();
        for (JsonNode entry : entries) {
            samples.add(new Sample(
                    entry.path("operation").asString(),
                    entry.hasNonNull("soapAction") ? entry.get("soapAction").asString() : null,
                    entry.path("soapVersion").asString("1.1"),
                    entry.path("oneWay").asBoolean(false),
                    read(folder, entry.path("request").asString()),
                    entry.hasNonNull("response")
                            ? read(folder, entry.get("response").asString())
                            : null));
        }
        return new Sequence(name, bytes, samples);
    }

    /** The operations the sequence calls, in order of first use. */
    static List<String> operations(Sequence sequence) {
        return sequence.samples().stream().map(Sample::operation).distinct().toList();
    }

    private Path folder(String name) {
        if (!NAME.matcher(name).matches()) {
            throw fault("The dataset name '" + name + "' is not a path like 'echo/1kb' under datasets/.");
        }
        int slash = name.indexOf('/');
        Path built =
                datasetsDir.resolve(name.substring(0, slash)).resolve("out").resolve(name.substring(slash + 1));
        Path committed = datasetsDir.resolve(name);
        for (Path folder : List.of(built, committed)) {
            if (Files.isRegularFile(folder.resolve("index.json"))) {
                return folder;
            }
        }
        throw fault("There is no request sequence '" + name + "': neither " + built + " nor " + committed
                + " has an index.json (run `make -C datasets build`).");
    }

    private JsonNode readIndex(String name, Path folder) {
        try {
            JsonNode index = json.readTree(Files.readAllBytes(folder.resolve("index.json")));
            if (!index.isArray()) {
                throw fault("The index of request sequence '" + name + "' is not a JSON array.");
            }
            return index;
        } catch (IOException | JacksonException e) {
            throw fault("The index of request sequence '" + name + "' cannot be read: " + e.getMessage());
        }
    }

    private long size(String name, Path folder, String file) {
        Path path = folder.resolve(file).normalize();
        if (!path.startsWith(folder) || !Files.isRegularFile(path)) {
            throw fault("Request sequence '" + name + "' names a missing file '" + file + "' in its index.json.");
        }
        try {
            return Files.size(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path folder, String file) {
        try {
            return Files.readString(folder.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ApiProblem fault(String message) {
        return ApiProblem.unprocessable(message, ProblemError.inField(FIELD, message));
    }
}
