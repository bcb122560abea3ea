package dev.soapbench.interop;

import java.util.UUID;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

/**
 * The interop matrix's cells as the worker reports them (RunEvent kind {@code interop_cell}, already
 * checked against schemas/run-event.schema.json#/$defs/interopCell): the events feature's way in.
 */
@Service
public class InteropCells {

    /** The most of a fail's or unsupported cell's reason kept (the contract's bound). */
    static final int REASON_CHARS = 500;

    private final InteropCellRepository cells;

    InteropCells(InteropCellRepository cells) {
        this.cells = cells;
    }

    /** Stores the cell of an interop_cell payload; a repeated one replaces the first. */
    public void store(UUID runId, JsonNode payload) {
        cells.save(runId, of(payload));
    }

    static InteropCell of(JsonNode payload) {
        return new InteropCell(
                payload.at("/client/stack").asString(),
                payload.at("/client/version").asString(),
                payload.at("/server/stack").asString(),
                payload.at("/server/version").asString(),
                payload.path("security").asString(),
                payload.path("outcome").asString(),
                shortened(payload.path("reason").asString("")),
                integer(payload.get("requests")),
                integer(payload.get("errors")),
                number(payload.get("throughputRps")),
                number(payload.get("p50Ms")),
                number(payload.get("p99Ms")),
                number(payload.get("clientCpuSeconds")),
                payload.hasNonNull("clientPeakRssBytes")
                        ? payload.get("clientPeakRssBytes").asLong()
                        : null);
    }

    private static String shortened(String reason) {
        if (reason.length() <= REASON_CHARS) {
            return reason;
        }
        // Never split a surrogate pair: the text is shown as it is stored.
        int end = Character.isHighSurrogate(reason.charAt(REASON_CHARS - 1)) ? REASON_CHARS - 1 : REASON_CHARS;
        return reason.substring(0, end);
    }

    private static Integer integer(JsonNode node) {
        return node == null || !node.isNumber() ? null : node.asInt();
    }

    private static Double number(JsonNode node) {
        return node == null || !node.isNumber() || !Double.isFinite(node.asDouble()) ? null : node.asDouble();
    }
}
