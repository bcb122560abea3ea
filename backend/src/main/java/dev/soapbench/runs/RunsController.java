package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.Downloads;
import dev.soapbench.common.ProblemError;
import dev.soapbench.results.MeasurementsCsv;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.springframework.http.CacheControl;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.multipart.MultipartHttpServletRequest;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

@RestController
class RunsController {

    record SubmitRunJson(String catalog, JsonNode workload, String visibility, JsonNode ci) {}

    private final RunSubmission submission;
    private final RunViews views;
    private final RunStreams streams;
    private final RunCancellation cancellation;
    private final ObjectMapper json;
    private final RunHistograms histograms;
    private final SharePreview preview;
    private final RunBundle bundles;

    RunsController(
            RunSubmission submission,
            RunViews views,
            RunStreams streams,
            RunCancellation cancellation,
            RunHistograms histograms,
            SharePreview preview,
            RunBundle bundles,
            ObjectMapper json) {
        this.bundles = bundles;
        this.histograms = histograms;
        this.preview = preview;
        this.json = json;
        this.submission = submission;
        this.views = views;
        this.streams = streams;
        this.cancellation = cancellation;
    }

    @PostMapping(path = "/api/v1/runs", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<SubmittedRun> submitForm(MultipartHttpServletRequest request, Caller caller) {
        return created(submission.submit(formCommand(request, caller, false)));
    }

    @PostMapping(path = "/api/v1/runs", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<SubmittedRun> submitJson(@RequestBody SubmitRunJson body, Caller caller) {
        return created(submission.submit(jsonCommand(body, caller, false)));
    }

    /** An interop run: the same forms as POST /api/v1/runs, the workload's mode set to interop. */
    @PostMapping(path = "/api/v1/interop", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<SubmittedRun> submitInteropForm(MultipartHttpServletRequest request, Caller caller) {
        return created(submission.submit(formCommand(request, caller, true)));
    }

    @PostMapping(path = "/api/v1/interop", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<SubmittedRun> submitInteropJson(@RequestBody SubmitRunJson body, Caller caller) {
        return created(submission.submit(jsonCommand(body, caller, true)));
    }

    private SubmitRunCommand formCommand(MultipartHttpServletRequest request, Caller caller, boolean interop) {
        MultipartFile wsdl = request.getFile("wsdl");
        SubmitRunCommand.Upload upload = wsdl == null || wsdl.isEmpty()
                ? null
                : new SubmitRunCommand.Upload(
                        Uploads.fileName(wsdl), Uploads.bytes(wsdl), blankToNull(request.getParameter("entry")));
        MultipartFile headWsdl = request.getFile("headWsdl");
        SubmitRunCommand.Upload head = headWsdl == null || headWsdl.isEmpty()
                ? null
                : new SubmitRunCommand.Upload(
                        Uploads.fileName(headWsdl),
                        Uploads.bytes(headWsdl),
                        blankToNull(request.getParameter("headEntry")));
        JsonNode workload = WorkloadReader.read(formText(request, "workload"));
        return new SubmitRunCommand(
                        blankToNull(request.getParameter("catalog")),
                        upload,
                        interop ? InteropWorkload.forced(workload) : workload,
                        request.getParameter("visibility"),
                        caller)
                .withCi(CiContext.from(ciField(request.getParameter("ci"))))
                .withHead(head);
    }

    private static SubmitRunCommand jsonCommand(SubmitRunJson body, Caller caller, boolean interop) {
        if (body.workload() == null || !body.workload().isObject()) {
            throw ApiProblem.badRequest(
                    "The request needs a 'workload' object.", ProblemError.inField("workload", "required object"));
        }
        JsonNode workload = interop ? InteropWorkload.forced(body.workload()) : body.workload();
        return new SubmitRunCommand(blankToNull(body.catalog()), null, workload, body.visibility(), caller)
                .withCi(CiContext.from(body.ci()));
    }

    @GetMapping("/api/v1/runs")
    ResponseEntity<byte[]> list(
            @RequestParam(defaultValue = "0") int page,
            @RequestParam(defaultValue = "20") int size,
            @RequestParam(required = false) String stack,
            @RequestParam(required = false) String source,
            @RequestParam(required = false) String status,
            @RequestParam(required = false) String project,
            @RequestParam(required = false) String branch,
            @RequestParam(required = false) String from,
            @RequestParam(required = false) String until,
            Caller caller,
            WebRequest request) {
        if (page < 0) {
            throw ApiProblem.badRequest("'page' must be 0 or more.", ProblemError.inField("page", "minimum 0"));
        }
        if (size < 1 || size > 100) {
            throw ApiProblem.badRequest("'size' must be between 1 and 100.", ProblemError.inField("size", "1 to 100"));
        }
        RunFilter filter = RunFilter.of(stack, source, status, project, branch, from, until);
        return views.page(caller, filter, page, size).answer(request);
    }

    @GetMapping("/api/v1/runs/{id}")
    ResponseEntity<byte[]> get(
            @PathVariable String id,
            @RequestParam(required = false) String format,
            @RequestHeader(value = HttpHeaders.ACCEPT, required = false) String accept,
            Caller caller,
            WebRequest request) {
        if (Downloads.wantsCsv(format, accept)) {
            RunView run = views.visibleView(id, caller);
            return Downloads.csv("soapbench-run-" + run.slug() + ".csv", MeasurementsCsv.of(run.measurements()));
        }
        return views.visibleJson(id, caller).answer(request);
    }

    /** The picture a pasted link of a public run previews. */
    @GetMapping("/api/v1/runs/{id}/card.png")
    ResponseEntity<byte[]> card(@PathVariable String id) {
        return preview.cardFor(id)
                .map(png -> ResponseEntity.ok()
                        .contentType(MediaType.IMAGE_PNG)
                        .cacheControl(CacheControl.maxAge(Duration.ofMinutes(5)).cachePublic())
                        .body(png))
                .orElseThrow(() -> ApiProblem.notFound("No public run '" + id + "'."));
    }

    /** Every measurement's HdrHistogram as stored, base64, with what it measured. */
    @GetMapping("/api/v1/runs/{id}/histograms")
    List<RunHistograms.Histogram> histograms(@PathVariable String id, Caller caller) {
        return histograms.of(views.visibleRow(id, caller).id());
    }

    /** The whole run as one zip (RunBundle): figures, histograms, WSDL and what to resubmit. */
    @GetMapping("/api/v1/runs/{id}/bundle.zip")
    ResponseEntity<byte[]> bundle(@PathVariable String id, Caller caller) {
        RunView run = views.visibleView(id, caller);
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType("application/zip"))
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment()
                                .filename("soapbench-run-" + run.slug() + ".zip")
                                .build()
                                .toString())
                .body(bundles.zip(run, views.visibleJson(id, caller)));
    }

    @GetMapping(path = "/api/v1/runs/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter events(@PathVariable String id, Caller caller) {
        return streams.subscribe(views.visibleRow(id, caller));
    }

    /** 200 when the run is cancelled now (or was already), 202 while its worker is being stopped. */
    @PostMapping("/api/v1/runs/{id}/cancel")
    ResponseEntity<RunView> cancel(
            @PathVariable String id,
            Caller caller,
            @RequestHeader(name = "X-Run-Manage-Token", required = false) String manageToken) {
        RunCancellation.Cancelled cancelled = cancellation.cancel(id, caller, manageToken);
        return ResponseEntity.status(cancelled.status()).body(cancelled.run());
    }

    private static ResponseEntity<SubmittedRun> created(SubmittedRun run) {
        return ResponseEntity.created(URI.create("/api/v1/runs/" + run.id())).body(run);
    }

    /** A form field sent either as text or as an attached file (curl -F workload=@workload.yaml). */
    private static String formText(MultipartHttpServletRequest request, String name) {
        MultipartFile file = request.getFile(name);
        if (file != null) {
            return new String(Uploads.bytes(file), StandardCharsets.UTF_8);
        }
        return request.getParameter(name);
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    /** The multipart field {@code ci}, a JSON object as text. */
    private JsonNode ciField(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        if (text.length() > 4096) {
            throw ApiProblem.badRequest(
                    "The field 'ci' holds " + text.length() + " characters; at most 4096.",
                    ProblemError.inField("ci", "too long"));
        }
        try {
            return json.readTree(text);
        } catch (JacksonException e) {
            throw ApiProblem.badRequest(
                    "The field 'ci' is not JSON: " + e.getOriginalMessage(), ProblemError.inField("ci", "not JSON"));
        }
    }
}
