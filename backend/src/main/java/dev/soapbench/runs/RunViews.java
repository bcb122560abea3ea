package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.results.Measurements;
import dev.soapbench.results.Summaries;
import dev.soapbench.stacks.StackManifest;
import dev.soapbench.stacks.Stacks;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** Reads runs for callers: by id or share slug, with the visibility rule applied. */
@Component
class RunViews {

    private final RunRepository runs;
    private final Measurements measurements;
    private final Stacks stacks;
    private final SoapBenchProperties properties;
    private final ObjectMapper json;
    private final WorkerSilence silence;
    private final RunHistory history;

    RunViews(
            RunRepository runs,
            Measurements measurements,
            Stacks stacks,
            SoapBenchProperties properties,
            ObjectMapper json,
            WorkerSilence silence,
            RunHistory history) {
        this.silence = silence;
        this.history = history;
        this.runs = runs;
        this.measurements = measurements;
        this.stacks = stacks;
        this.properties = properties;
        this.json = json;
    }

    /**
     * The run named by {@code idOrSlug} if the caller may see it. A private run of someone else is
     * reported as not found, so its existence does not leak.
     */
    RunRow visibleRow(String idOrSlug, Caller caller) {
        return anyRow(idOrSlug)
                .filter(run -> "public".equals(run.visibility()) || caller.owns(run.ownerTokenId()))
                .orElseThrow(() -> ApiProblem.notFound("No run '" + idOrSlug + "'."));
    }

    /** The run by id or slug, whoever may see it: callers check the rule themselves. */
    Optional<RunRow> anyRow(String idOrSlug) {
        return parseUuid(idOrSlug).flatMap(runs::findById).or(() -> runs.findBySlug(idOrSlug));
    }

    RunView view(RunRow run) {
        Map<String, String> displayNames = stacks.all().stream()
                .collect(Collectors.toMap(StackManifest::id, StackManifest::displayName, (a, b) -> a));
        List<RunView.Stack> stackViews = runs.stacksOf(run.id()).stream()
                .map(stack -> new RunView.Stack(
                        stack.stackId(),
                        displayNames.getOrDefault(stack.stackId(), stack.stackId()),
                        stack.version(),
                        stack.status(),
                        stack.reason(),
                        stack.log(),
                        stack.buildSeconds(),
                        parse(stack.versions())))
                .toList();
        Optional<WorkerSilence.LastSign> sign = run.isFinished() || RunStatus.QUEUED.equals(run.status())
                ? Optional.empty()
                : silence.lastSign(run.id());
        return new RunView(
                run.id(),
                run.slug(),
                run.status(),
                run.visibility(),
                run.createdAt(),
                run.startedAt(),
                run.finishedAt(),
                properties.shareUrl(run.slug()),
                runs.studyRunOf(run.id()).orElse(null),
                new RunView.Source(run.catalogId(), run.fileName(), run.entry()),
                parse(run.workload()),
                parse(run.analysis()),
                run.failure(),
                run.configHash(),
                parse(run.fingerprint()),
                run.workerId(),
                stackViews,
                measurements.forRun(run.id()),
                Summaries.summarise(measurements.withHistograms(run.id())),
                sign.flatMap(last -> silence.silentSince(last, OffsetDateTime.now(ZoneOffset.UTC)))
                        .orElse(null),
                sign.map(WorkerSilence.LastSign::step).orElse(null),
                history.of(run.id()));
    }

    Optional<RunView> view(UUID runId) {
        return runs.findById(runId).map(this::view);
    }

    RunSummary.Page page(Caller caller, int page, int size) {
        UUID owner = caller.tokenId().orElse(null);
        List<RunSummary> items = runs.page(owner, page, size).stream()
                .map(run -> new RunSummary(
                        run.id(),
                        run.slug(),
                        run.status(),
                        run.visibility(),
                        run.createdAt(),
                        run.catalogId() != null ? "catalog:" + run.catalogId() : run.fileName(),
                        runs.stacksOf(run.id()).stream()
                                .map(stack -> stack.stackId() + "@" + stack.version())
                                .toList()))
                .toList();
        return new RunSummary.Page(items, page, size, runs.count(owner));
    }

    private JsonNode parse(String text) {
        return text == null ? null : json.readTree(text);
    }

    private static Optional<UUID> parseUuid(String text) {
        try {
            return Optional.of(UUID.fromString(text))
                    .filter(uuid -> uuid.toString().equalsIgnoreCase(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
