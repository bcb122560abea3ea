package dev.soapbench.studies;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.common.SoapBenchProperties;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

@RestController
class StudiesController {

    record StudyListItem(
            String id,
            String name,
            String description,
            Study.Seed seed,
            String catalog,
            Study.Chart chart,
            UUID latestStudyRunId) {}

    record StudyDetail(@JsonUnwrapped Study study, StudyRunView latestRun) {}

    /** The 201 of a start: the study run, and for a starter without a token the secret to cancel it. */
    record StartedStudyRun(
            @JsonUnwrapped StudyRunView studyRun, @JsonInclude(JsonInclude.Include.NON_NULL) String manageToken) {}

    private final Studies studies;
    private final StudyRuns studyRuns;
    private final StudyRunViews views;
    private final StudyRunRepository repository;
    private final StudyRunCancellation cancellation;
    private final SoapBenchProperties properties;

    StudiesController(
            Studies studies,
            StudyRuns studyRuns,
            StudyRunViews views,
            StudyRunRepository repository,
            StudyRunCancellation cancellation,
            SoapBenchProperties properties) {
        this.studies = studies;
        this.studyRuns = studyRuns;
        this.views = views;
        this.repository = repository;
        this.cancellation = cancellation;
        this.properties = properties;
    }

    @GetMapping("/api/v1/studies")
    List<StudyListItem> list() {
        return studies.all().stream()
                .map(study -> new StudyListItem(
                        study.id(),
                        study.name(),
                        study.description(),
                        study.seed(),
                        study.catalog(),
                        study.chart(),
                        repository.latestFor(study.id()).orElse(null)))
                .toList();
    }

    @GetMapping("/api/v1/studies/{id}")
    StudyDetail get(@PathVariable String id) {
        Study study = studies.find(id).orElseThrow(() -> ApiProblem.notFound("No study '" + id + "'."));
        return new StudyDetail(study, views.latest(study).orElse(null));
    }

    @GetMapping("/api/v1/studies/{id}/estimate")
    StudyEstimate estimate(
            @PathVariable String id,
            @RequestParam(required = false) String repetitions,
            @RequestParam(required = false) String probe) {
        return studyRuns.estimate(id, probe, new StudyMatrix.Options(repetitions(repetitions), null));
    }

    private static Integer repetitions(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            int value = Integer.parseInt(text.strip());
            if (value >= 1 && value <= 50) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // refused below with the same words as an out-of-range number
        }
        throw ApiProblem.unprocessable(
                "repetitions must be a whole number from 1 to 50.",
                ProblemError.inField("repetitions", "must be an integer from 1 to 50"));
    }

    @PostMapping("/api/v1/studies/{id}/runs")
    ResponseEntity<StartedStudyRun> start(
            @PathVariable String id, @RequestBody(required = false) JsonNode body, Caller caller) {
        StudyRuns.Started started = studyRuns.start(id, probe(body), options(body), caller);
        return ResponseEntity.created(URI.create(properties.publicUrl() + "/api/v1/study-runs/" + started.id()))
                .body(new StartedStudyRun(
                        views.view(started.id()), started.manageToken().orElse(null)));
    }

    @GetMapping("/api/v1/study-runs/{id}")
    StudyRunView studyRun(@PathVariable String id) {
        return views.view(parse(id));
    }

    /** 200 when every cell has ended now, 202 while a running cell's worker is being stopped. */
    @PostMapping("/api/v1/study-runs/{id}/cancel")
    ResponseEntity<StudyRunView> cancel(
            @PathVariable String id,
            Caller caller,
            @RequestHeader(name = "X-Run-Manage-Token", required = false) String manageToken) {
        StudyRunView cancelled = cancellation.cancel(parse(id), caller, manageToken);
        return ResponseEntity.status(cancelled.status().equals("running") ? HttpStatus.ACCEPTED : HttpStatus.OK)
                .body(cancelled);
    }

    /** The probe to run instead of the study itself, if the body names one. */
    private static String probe(JsonNode body) {
        if (body == null || !body.isObject() || !body.has("probe")) {
            return null;
        }
        JsonNode probe = body.get("probe");
        if (!probe.isString()) {
            throw ApiProblem.unprocessable(
                    "probe must be the id of one of the study's probes.",
                    ProblemError.inField("/probe", "must be a string"));
        }
        return probe.asString();
    }

    private static StudyMatrix.Options options(JsonNode body) {
        if (body == null || body.isNull() || body.isMissingNode()) {
            return StudyMatrix.Options.none();
        }
        if (!body.isObject()) {
            throw ApiProblem.badRequest("The body must be a JSON object.", ProblemError.inField("", "not an object"));
        }
        Integer repetitions = null;
        String hardwareClass = null;
        for (var field : body.properties()) {
            switch (field.getKey()) {
                case "repetitions" -> {
                    JsonNode value = field.getValue();
                    if (!value.isIntegralNumber() || value.asInt() < 1 || value.asInt() > 50) {
                        throw ApiProblem.unprocessable(
                                "repetitions must be a whole number from 1 to 50.",
                                ProblemError.inField("/repetitions", "must be an integer from 1 to 50"));
                    }
                    repetitions = value.asInt();
                }
                case "probe" -> {
                    // read by probe(body)
                }
                case "hardwareClass" -> {
                    if (!field.getValue().isString()) {
                        throw ApiProblem.unprocessable(
                                "hardwareClass must be a string.",
                                ProblemError.inField("/hardwareClass", "must be a string"));
                    }
                    hardwareClass = field.getValue().asString();
                }
                default -> throw ApiProblem.unprocessable(
                        "Unknown field '" + field.getKey()
                                + "': a study run takes repetitions, hardwareClass and probe.",
                        ProblemError.inField("/" + field.getKey(), "unknown field"));
            }
        }
        return new StudyMatrix.Options(repetitions, hardwareClass);
    }

    private static UUID parse(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ApiProblem.notFound("No study run '" + id + "'.");
        }
    }
}
