package dev.soapbench.runs;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** The 201 of a submission; {@code manageToken} is shown this once, to anonymous submitters only. */
record SubmittedRun(
        UUID id,
        String slug,
        String status,
        String statusUrl,
        String shareUrl,
        JsonNode analysis,
        @JsonInclude(JsonInclude.Include.NON_NULL) String manageToken) {}
