package dev.soapbench.catalog;

import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.wsdl.Sample;
import dev.soapbench.wsdl.WsdlBundle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The curated services in the catalog folder. A catalog run uses the service's WSDL files and its
 * committed samples, never generated ones: the real implementations are written against them.
 */
@Service
public class Catalog {

    private static final Logger log = LoggerFactory.getLogger(Catalog.class);
    private static final Set<String> BUNDLE_EXTENSIONS = Set.of(".wsdl", ".xsd", ".xml");

    private final Path catalogDir;
    private final ObjectMapper json;

    public Catalog(SoapBenchProperties properties, ObjectMapper json) {
        this.catalogDir = properties.catalogPath();
        this.json = json;
    }

    public List<CatalogService> all() {
        if (catalogDir == null || !Files.isDirectory(catalogDir)) {
            log.warn("Catalog folder {} does not exist; the catalog is empty", catalogDir);
            return List.of();
        }
        try (Stream<Path> folders = Files.list(catalogDir)) {
            return folders.filter(folder -> Files.isRegularFile(folder.resolve("catalog.json")))
                    .map(folder -> read(folder.getFileName().toString()))
                    .flatMap(Optional::stream)
                    .sorted(Comparator.comparing(CatalogService::id))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Optional<CatalogService> find(String id) {
        if (id == null || !id.matches("[a-z0-9][a-z0-9-]*")) {
            return Optional.empty();
        }
        return read(id);
    }

    /** The service's WSDL and schema files (samples and docs left out), paths relative to its folder. */
    public WsdlBundle bundle(CatalogService service) {
        Path folder = catalogDir.resolve(service.id());
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path file : all.filter(Files::isRegularFile).sorted().toList()) {
                String path = folder.relativize(file).toString().replace('\\', '/');
                if (!path.startsWith("samples/") && hasBundleExtension(path)) {
                    files.put(path, Files.readAllBytes(file));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new WsdlBundle(service.entry(), files);
    }

    public List<Sample> samples(CatalogService service) {
        Path samples = catalogDir.resolve(service.id()).resolve("samples");
        try {
            JsonNode index = json.readTree(Files.readAllBytes(samples.resolve("index.json")));
            List<Sample> result = new ArrayList<>();
            for (JsonNode entry : index) {
                result.add(new Sample(
                        entry.path("operation").asString(),
                        entry.path("soapAction").asString(""),
                        entry.path("soapVersion").asString("1.1"),
                        entry.path("oneWay").asBoolean(false),
                        Files.readString(samples.resolve(entry.path("request").asString())),
                        Files.readString(samples.resolve(entry.path("response").asString()))));
            }
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean hasBundleExtension(String path) {
        return BUNDLE_EXTENSIONS.stream().anyMatch(path::endsWith);
    }

    private Optional<CatalogService> read(String id) {
        Path folder = catalogDir.resolve(id);
        Path file = folder.resolve("catalog.json");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode node = json.readTree(Files.readAllBytes(file));
            List<String> operations = new ArrayList<>();
            Path index = folder.resolve("samples/index.json");
            if (Files.isRegularFile(index)) {
                json.readTree(Files.readAllBytes(index))
                        .forEach(sample ->
                                operations.add(sample.path("operation").asString()));
            }
            return Optional.of(new CatalogService(
                    id,
                    node.path("name").asString(id),
                    node.path("description").asString(""),
                    node.path("seed").asString(null),
                    node.path("entry").asString(),
                    operations,
                    node.get("defaultWorkload")));
        } catch (IOException | JacksonException e) {
            log.warn("Ignoring catalog entry {}: {}", file, e.getMessage());
            return Optional.empty();
        }
    }
}
