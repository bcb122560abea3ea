package dev.soapbench.interop;

import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a secured mode costs a client x server pair against the same pair in plain: this cell's
 * throughput and p99 each divided by plain's. One measurement each, no interval: an indicator, not
 * a verdict. A ratio whose divisor is missing or zero is left out.
 */
final class CostRatios {

    private CostRatios() {}

    static Optional<ObjectNode> of(InteropCell secured, InteropCell plain) {
        ObjectNode cost = JsonMapper.shared().createObjectNode();
        ratio(secured.throughputRps(), plain.throughputRps()).ifPresent(r -> cost.put("throughputRatio", r));
        ratio(secured.p99Ms(), plain.p99Ms()).ifPresent(r -> cost.put("p99Ratio", r));
        return cost.isEmpty() ? Optional.empty() : Optional.of(cost);
    }

    private static Optional<Double> ratio(Double value, Double baseline) {
        if (value == null || baseline == null || !(baseline > 0)) {
            return Optional.empty();
        }
        // Three significant decimals: the figures come from one measurement each.
        return Optional.of(Math.round(value / baseline * 1000) / 1000.0);
    }
}
