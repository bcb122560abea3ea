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
 * @param headUpload the second WSDL of an A/B of two WSDLs in one run (HeadWsdl); null for others
 */
record SubmitRunCommand(
        String catalogId,
        Upload upload,
        JsonNode workload,
        String visibility,
        Caller caller,
        boolean workCharged,
        CiContext ci,
        Upload headUpload) {

    SubmitRunCommand(String catalogId, Upload upload, JsonNode workload, String visibility, Caller caller) {
        this(catalogId, upload, workload, visibility, caller, false, null, null);
    }

    SubmitRunCommand(
            String catalogId, Upload upload, JsonNode workload, String visibility, Caller caller, boolean workCharged) {
        this(catalogId, upload, workload, visibility, caller, workCharged, null, null);
    }

    SubmitRunCommand withCi(CiContext context) {
        return new SubmitRunCommand(catalogId, upload, workload, visibility, caller, workCharged, context, headUpload);
    }

    SubmitRunCommand withHead(Upload head) {
        return new SubmitRunCommand(catalogId, upload, workload, visibility, caller, workCharged, ci, head);
    }

    record Upload(String fileName, byte[] content, String entry) {}
}
