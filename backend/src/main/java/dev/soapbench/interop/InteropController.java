package dev.soapbench.interop;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.runs.InteropRuns;
import dev.soapbench.stacks.Stacks;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The interop matrix's reads. Runs are submitted with POST /api/v1/interop (the runs feature: the
 * same submission as POST /api/v1/runs, its mode set to interop); their visibility is the runs'.
 */
@RestController
class InteropController {

    private final InteropRuns runs;
    private final InteropCellRepository cells;
    private final Stacks stacks;

    InteropController(InteropRuns runs, InteropCellRepository cells, Stacks stacks) {
        this.runs = runs;
        this.cells = cells;
        this.stacks = stacks;
    }

    @GetMapping("/api/v1/interop/{runId}")
    ObjectNode matrix(@PathVariable String runId, Caller caller) {
        InteropRuns.InteropRun run = runs.find(runId, caller);
        return InteropMatrix.of(run, cells.cellsOf(run.id()), stacks::find);
    }

    @GetMapping("/api/v1/interop")
    ObjectNode recent(@RequestParam(defaultValue = "20") int limit, Caller caller) {
        if (limit < 1 || limit > 100) {
            throw ApiProblem.badRequest(
                    "'limit' must be between 1 and 100.", ProblemError.inField("limit", "1 to 100"));
        }
        ObjectNode answer = JsonMapper.shared().createObjectNode();
        ArrayNode list = answer.putArray("runs");
        runs.recent(caller, limit).forEach(run -> list.add(InteropRunSummary.of(run)));
        return answer;
    }
}
