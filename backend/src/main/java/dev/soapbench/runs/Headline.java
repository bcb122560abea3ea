package dev.soapbench.runs;

import dev.soapbench.results.Comparison;
import dev.soapbench.results.ResultsSummary;
import java.util.List;

/**
 * A run's verdict in one line of the runs list: the leading band of its first cell that has one,
 * with that cell's first paired verdict (ratio, interval, rounds) beside it.
 */
final class Headline {

    private Headline() {}

    /** Null while the run has not ended. */
    static String of(String status, ResultsSummary summary) {
        if (!RunStatus.isFinished(status)) {
            return null;
        }
        if (summary == null || summary.cells().isEmpty()) {
            return "no measurements";
        }
        for (ResultsSummary.Cell cell : summary.cells()) {
            if (!cell.enoughData() || cell.reference() == null) {
                continue;
            }
            List<String> leaders = cell.stacks().stream()
                    .filter(s -> s.ranked() && s.rank() != null && s.rank() == 1)
                    .map(ResultsSummary.StackFigures::key)
                    .toList();
            if (leaders.isEmpty()) {
                continue;
            }
            int ranked = (int) cell.stacks().stream()
                    .filter(ResultsSummary.StackFigures::ranked)
                    .count();
            String who =
                    leaders.size() == 1 ? leaders.get(0) + " fastest" : String.join(", ", leaders) + " tied fastest";
            // The rank never stands alone: the cell's first paired verdict says by how much, with
            // its interval and the rounds it rests on.
            String evidence = cell.comparisons().stream()
                    .filter(Comparison::enoughData)
                    .map(c -> "; " + c.text())
                    .findFirst()
                    .orElse("");
            return who + " of " + ranked + " (" + cell.label() + ")" + evidence;
        }
        return "not enough data for a verdict";
    }
}
