package dev.soapbench.limits;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.JsonSchemas;
import dev.soapbench.common.ProblemError;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * How long a workload would keep a worker busy, asked before submitting (openapi.yaml,
 * estimateWorkload): the form shows it as the user edits, so it stores nothing and is not rate
 * limited. The workload passes the same schema a submission does.
 */
@RestController
class EstimatesController {

    private final JsonSchemas schemas;
    private final WorkQuota quota;

    EstimatesController(JsonSchemas schemas, WorkQuota quota) {
        this.schemas = schemas;
        this.quota = quota;
    }

    @PostMapping(path = "/api/v1/estimates", consumes = MediaType.APPLICATION_JSON_VALUE)
    EstimateView estimate(@RequestBody JsonNode body) {
        JsonNode workload = body == null ? null : body.get("workload");
        if (workload == null || !workload.isObject()) {
            throw ApiProblem.badRequest(
                    "Send {\"workload\": {...}}: the workload to estimate.",
                    ProblemError.inField("workload", "required, an object"));
        }
        List<ProblemError> faults = schemas.validate(JsonSchemas.WORKLOAD, workload);
        if (!faults.isEmpty()) {
            throw ApiProblem.unprocessable(
                    "The workload is invalid: " + faults.get(0).field() + ": "
                            + faults.get(0).message(),
                    faults);
        }
        return EstimateView.of(quota.estimateOnly(workload), quota.assumptions());
    }
}
