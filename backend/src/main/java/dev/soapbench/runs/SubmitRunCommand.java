package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import tools.jackson.databind.JsonNode;

/**
 * A run as submitted: either a catalog id or an uploaded WSDL (file name, bytes, entry inside a zip).
 *
 * @param visibility {@code public} or {@code private}; null means public
 * @param workCharged the caller already charged the work quota for this run (a study charges its
 *     whole matrix at once)
 * @param ci where a run sent from a pipeline comes from; null for others
 */
record SubmitRunCommand(
        String catalogId,
        Upload upload,
        JsonNode workload,
        String visibility,
        Caller caller,
        boolean workCharged,
        CiContext ci) {

    SubmitRunCommand(String catalogId, Upload upload, JsonNode workload, String visibility, Caller caller) {
        this(catalogId, upload, workload, visibility, caller, false, null);
    }

    SubmitRunCommand(
            String catalogId, Upload upload, JsonNode workload, String visibility, Caller caller, boolean workCharged) {
        this(catalogId, upload, workload, visibility, caller, workCharged, null);
    }

    SubmitRunCommand withCi(CiContext context) {
        return new SubmitRunCommand(catalogId, upload, workload, visibility, caller, workCharged, context);
    }

    record Upload(String fileName, byte[] content, String entry) {}
}
