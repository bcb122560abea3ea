package dev.soapbench.results;

import tools.jackson.databind.JsonNode;

/** One measurement as reported (without its histogram) and the HdrHistogram V2 compressed bytes. */
public record StoredMeasurement(JsonNode data, byte[] histogram) {}
