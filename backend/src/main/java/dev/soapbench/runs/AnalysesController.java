package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.common.WorkloadDefaults;
import dev.soapbench.stacks.LiveStacks;
import java.util.Arrays;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.multipart.MultipartHttpServletRequest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A WSDL's analysis before any run exists (openapi.yaml, analyzeWsdl): the same checks and the same
 * answer as a submission's {@code analysis}, so that the form can say which stacks can build it and
 * what the analysis warns of before the user spends a run on it.
 */
@RestController
class AnalysesController {

    private static final List<String> MODES = List.of("plain", "username", "sign", "signencr");

    record AnalyseJson(String catalog, List<String> security, String hardwareClass, String policy, Boolean mtom) {}

    private final RunSubmission submission;
    private final LiveStacks live;

    AnalysesController(RunSubmission submission, LiveStacks live) {
        this.submission = submission;
        this.live = live;
    }

    @PostMapping(path = "/api/v1/analyses", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ObjectNode analyseUpload(MultipartHttpServletRequest request) {
        MultipartFile wsdl = request.getFile("wsdl");
        SubmitRunCommand.Upload upload = wsdl == null || wsdl.isEmpty()
                ? null
                : new SubmitRunCommand.Upload(
                        Uploads.fileName(wsdl), Uploads.bytes(wsdl), blankToNull(request.getParameter("entry")));
        String security = request.getParameter("security");
        return withLiveWorkers(
                submission.analysisOnly(
                        blankToNull(request.getParameter("catalog")),
                        upload,
                        modes(security == null ? List.of() : Arrays.asList(security.split(","))),
                        removesPolicies(request.getParameter("policy")),
                        mtom(request.getParameter("mtom"))),
                request.getParameter("hardwareClass"));
    }

    @PostMapping(path = "/api/v1/analyses", consumes = MediaType.APPLICATION_JSON_VALUE)
    ObjectNode analyseCatalog(@RequestBody AnalyseJson body) {
        return withLiveWorkers(
                submission.analysisOnly(
                        blankToNull(body.catalog()),
                        null,
                        modes(body.security() == null ? List.of() : body.security()),
                        removesPolicies(body.policy()),
                        Boolean.TRUE.equals(body.mtom())),
                body.hardwareClass());
    }

    /**
     * A stack the manifest says can build the WSDL, but which every live worker of the class reports
     * unavailable (e.g. its toolkit is not installed), cannot build it here: the form must not promise it.
     */
    private ObjectNode withLiveWorkers(ObjectNode analysis, String hardwareClass) {
        String hardware = hardwareClass == null || hardwareClass.isBlank()
                ? WorkloadDefaults.at("/hardwareClass").asString()
                : hardwareClass.strip();
        for (JsonNode stack : analysis.path("stacks")) {
            if (stack.path("buildable").asBoolean(false)) {
                live.unavailableBecause(stack.path("id").asString(), hardware).ifPresent(reason -> ((ObjectNode) stack)
                        .put("buildable", false)
                        .put("reason", "no live worker of hardware class '" + hardware + "' can build it: " + reason));
            }
        }
        return analysis;
    }

    /** The security modes the stacks are judged for: plain unless named; only the workload's modes. */
    private static List<String> modes(List<String> named) {
        List<String> modes = named.stream()
                .map(String::strip)
                .filter(m -> !m.isEmpty())
                .distinct()
                .toList();
        for (String mode : modes) {
            if (!MODES.contains(mode)) {
                throw ApiProblem.badRequest(
                        "Unknown security mode '" + (mode.length() > 40 ? mode.substring(0, 40) + "..." : mode)
                                + "': use " + String.join(", ", MODES) + ".",
                        ProblemError.inField("security", "one of " + String.join(", ", MODES)));
            }
        }
        return modes.isEmpty() ? List.of("plain") : modes;
    }

    /** The workload's {@code policy}: the analysis judges the stacks as the run would. */
    private static boolean removesPolicies(String policy) {
        if (policy == null || policy.isBlank() || policy.strip().equals("keep")) {
            return false;
        }
        if (policy.strip().equals("remove")) {
            return true;
        }
        throw ApiProblem.badRequest(
                "Unknown policy choice: use keep or remove.", ProblemError.inField("policy", "keep or remove"));
    }

    /** The workload's {@code mtom} as a form field: the stacks are judged as a run with it would be. */
    private static boolean mtom(String mtom) {
        if (mtom == null || mtom.isBlank() || mtom.strip().equals("false")) {
            return false;
        }
        if (mtom.strip().equals("true")) {
            return true;
        }
        throw ApiProblem.badRequest(
                "Unknown mtom choice: use true or false.", ProblemError.inField("mtom", "true or false"));
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
