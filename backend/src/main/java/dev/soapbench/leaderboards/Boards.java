package dev.soapbench.leaderboards;

import com.networknt.schema.Schema;
import dev.soapbench.catalog.Catalog;
import dev.soapbench.common.SchemaFiles;
import dev.soapbench.common.SoapBenchProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The boards, expanded from the fixed workloads of {@code soapbench.leaderboards.file}: each workload
 * in each listed security mode on each hardware class. The file is checked against its schema, and
 * every workload's catalog service must exist, at start-up: a broken file stops the service with
 * the fault named rather than showing half-defined boards.
 */
@Component
class Boards {

    private static final Logger log = LoggerFactory.getLogger(Boards.class);

    private final Map<String, Board> boards;

    Boards(LeaderboardSettings settings, SoapBenchProperties properties, Catalog catalog, ObjectMapper json) {
        this.boards = load(settings, properties.hardwareClasses(), catalog, json);
    }

    /** Every board, in the file's order of workloads, then security mode, then hardware class. */
    List<Board> all() {
        return List.copyOf(boards.values());
    }

    Optional<Board> find(String id) {
        return Optional.ofNullable(boards.get(id));
    }

    private static Map<String, Board> load(
            LeaderboardSettings settings, List<String> hardwareClasses, Catalog catalog, ObjectMapper json) {
        Map<String, Board> loaded = new LinkedHashMap<>();
        if (settings.file() == null || !Files.isRegularFile(Path.of(settings.file()))) {
            log.warn("No leaderboards: {} is not a file", settings.file());
            return loaded;
        }
        Path file = Path.of(settings.file()).toAbsolutePath().normalize();
        Schema schema =
                SchemaFiles.schema(Path.of(settings.schema()).toAbsolutePath().normalize(), json);
        JsonNode document = SchemaFiles.readValid("Leaderboards", file, schema, json);
        List<String> security = new ArrayList<>();
        document.path("security").forEach(mode -> security.add(mode.asString()));
        if (security.isEmpty()) {
            security.add("plain");
        }
        for (JsonNode entry : document.get("workloads")) {
            String workloadId = entry.get("id").asString();
            String catalogId = entry.get("catalog").asString();
            if (catalog.find(catalogId).isEmpty()) {
                throw new IllegalStateException("Leaderboards " + file + ": workload '" + workloadId
                        + "' names catalog service '" + catalogId + "', which " + "wsdl-catalog does not have");
            }
            List<String> stacks = new ArrayList<>();
            entry.path("stacks").forEach(stack -> stacks.add(stack.asString()));
            for (String mode : security) {
                for (String hardwareClass : hardwareClasses) {
                    ObjectNode workload = ((ObjectNode) entry.get("workload")).deepCopy();
                    workload.putArray("security").add(mode);
                    workload.put("hardwareClass", hardwareClass);
                    Board board = new Board(
                            Board.idOf(workloadId, mode, hardwareClass),
                            workloadId,
                            entry.get("title").asString(),
                            catalogId,
                            mode,
                            hardwareClass,
                            List.copyOf(stacks),
                            workload);
                    if (loaded.putIfAbsent(board.id(), board) != null) {
                        throw new IllegalStateException(
                                "Leaderboards " + file + ": two boards are named '" + board.id() + "'");
                    }
                }
            }
        }
        return loaded;
    }
}
