package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import tools.jackson.databind.JsonNode;

/**
 * A run as submitted: either a catalog id or an uploaded WSDL (file name, bytes, entry inside a zip).
 *
 * @param visibility {@code public} or {@code private}; null means public
 * @param workCharged the caller already charged the work quota for this run (a study charges its
 *     whole matrix at once)
 */
record SubmitRunCommand(
        String catalogId, Upload upload, JsonNode workload, String visibility, Caller caller, boolean workCharged) {

    SubmitRunCommand(String catalogId, Upload upload, JsonNode workload, String visibility, Caller caller) {
        this(catalogId, upload, workload, visibility, caller, false);
    }

    record Upload(String fileName, byte[] content, String entry) {}
}
