package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import tools.jackson.databind.JsonNode;

/**
 * A run as submitted: either a catalog id or an uploaded WSDL (file name, bytes, entry inside a zip).
 *
 * @param visibility {@code public} or {@code private}; null means public
 */
record SubmitRunCommand(String catalogId, Upload upload, JsonNode workload, String visibility, Caller caller) {

    record Upload(String fileName, byte[] content, String entry) {}
}
