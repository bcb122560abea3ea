package dev.soapbench.leaderboards;

import dev.soapbench.common.CanonicalJson;
import dev.soapbench.stacks.Compatibility;
import dev.soapbench.stacks.LiveStacks;
import dev.soapbench.stacks.StackManifest;
import dev.soapbench.stacks.Stacks;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which stacks a board measures: those whose manifest implements the board's catalog service and
 * claims its security mode (and that the board does not leave out), among the stacks the live
 * workers of its hardware class can build now.
 */
@Component
class BoardStacks {

    /** A board's stacks now, and what the heartbeats say of their versions (canonical JSON). */
    record Candidates(List<String> ids, String versions) {

        boolean none() {
            return ids.isEmpty();
        }
    }

    private final Stacks stacks;
    private final LiveStacks live;

    BoardStacks(Stacks stacks, LiveStacks live) {
        this.stacks = stacks;
        this.live = live;
    }

    /** The stacks that could ever be on the board, whether or not a worker can build them now. */
    List<StackManifest> claimed(Board board) {
        if (board.securedWithTheNeutralDriver()) {
            return List.of();
        }
        return stacks.all().stream()
                .filter(stack -> Compatibility.gaps(stack, needs(board)).isEmpty())
                .filter(stack -> board.stacks().isEmpty() || board.stacks().contains(stack.id()))
                .toList();
    }

    private static Compatibility.Needs needs(Board board) {
        return Compatibility.Needs.NOTHING
                .withCatalogService(Optional.of(board.catalog()))
                .withSecurity(List.of(board.security()));
    }

    /** The board's stacks now, from a reading of the live workers that serves many boards at once. */
    Candidates now(Board board, LiveReading reading) {
        return of(claimed(board), reading.of(board.hardwareClass()));
    }

    /** One reading of the live workers, per hardware class as asked for. */
    LiveReading read() {
        Map<String, Map<String, Set<JsonNode>>> byClass = new HashMap<>();
        return hardwareClass -> byClass.computeIfAbsent(hardwareClass, live::available);
    }

    interface LiveReading {
        Map<String, Set<JsonNode>> of(String hardwareClass);
    }

    static Candidates of(List<StackManifest> claimed, Map<String, Set<JsonNode>> available) {
        Map<String, Set<JsonNode>> chosen = new TreeMap<>();
        for (StackManifest stack : claimed) {
            if (available.containsKey(stack.id())) {
                chosen.put(stack.id(), available.get(stack.id()));
            }
        }
        ObjectNode versions = JsonNodeFactory.instance.objectNode();
        chosen.forEach((id, reported) -> {
            ArrayNode list = versions.putArray(id);
            reported.stream().map(CanonicalJson::write).sorted().distinct().forEach(text -> list.add(text));
        });
        return new Candidates(List.copyOf(chosen.keySet()), CanonicalJson.write(versions));
    }
}
