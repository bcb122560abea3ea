package dev.soapbench.runs;

import java.util.UUID;
import tools.jackson.databind.JsonNode;

record SubmittedRun(UUID id, String slug, String status, String statusUrl, String shareUrl, JsonNode analysis) {}
