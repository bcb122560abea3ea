package dev.soapbench.runs;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.RenderedJson;
import dev.soapbench.common.SharedLoads;
import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.limits.EstimateView;
import dev.soapbench.limits.WorkEstimate;
import dev.soapbench.results.Measurements;
import dev.soapbench.results.Summaries;
import dev.soapbench.stacks.StackManifest;
import dev.soapbench.stacks.StackVersions;
import dev.soapbench.stacks.Stacks;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;
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
    private final RunQueue queue;
    private final StudyMembership studies;
    private final StackModeOutcomes modeOutcomes;

    private final RunChangeFeed feed;

    /** A view with its JSON, serialised once for all who read it unchanged. */
    private record CachedView(String visibility, UUID ownerTokenId, RunView view, RenderedJson rendered) {}

    private record PageKey(UUID owner, RunFilter filter, int page, int size) {}

    private record CountKey(UUID owner, RunFilter filter) {}

    // A view holds every measurement of its run; a few hundred of them stay small next to the heap.
    // Many readers of one run or page while it changes wait for one computation, not one each.
    private final SharedLoads<UUID, CachedView> computed = new SharedLoads<>(500);
    private final Cache<String, UUID> slugs =
            Caffeine.newBuilder().maximumSize(10_000).build();
    private final SharedLoads<PageKey, RenderedJson> pages = new SharedLoads<>(1_000);
    // One count for all the pages of a filter: counting every matching run costs more than a page.
    private final SharedLoads<CountKey, Long> counts = new SharedLoads<>(1_000);
    // Each ended run's verdict line for the runs list, kept apart from the views: a few hundred
    // bytes each, so every run a reader pages through stays, and a page recomputed after another
    // run changed costs one query, not twenty views.
    private final SharedLoads<UUID, Optional<String>> headlines = new SharedLoads<>(200_000);
    // What the runs list showed of each run lately (status, visibility): most changes are a running
    // run's measurements, which leave its line as it was, and need not recompute every page.
    private final Cache<UUID, String> listed =
            Caffeine.newBuilder().maximumSize(200_000).build();
    // Heartbeats are not in the change feed, so the worker's last sign is kept for a second only:
    // they come every 10 s and silence counts after 30 s, so nobody sees the difference.
    private final SharedLoads<UUID, Optional<WorkerSilence.LastSign>> lastSigns =
            new SharedLoads<>(1_000, Duration.ofSeconds(1));

    RunViews(
            RunRepository runs,
            Measurements measurements,
            Stacks stacks,
            SoapBenchProperties properties,
            ObjectMapper json,
            RunChangeFeed feed,
            WorkerSilence silence,
            RunHistory history,
            RunQueue queue,
            StudyMembership studies,
            StackModeOutcomes modeOutcomes) {
        this.modeOutcomes = modeOutcomes;
        this.queue = queue;
        this.studies = studies;
        this.silence = silence;
        this.history = history;
        this.runs = runs;
        this.feed = feed;
        feed.subscribe(this::forget);
        this.measurements = measurements;
        this.stacks = stacks;
        this.properties = properties;
        this.json = json;
    }

    /**
     * Forgets what was kept of a run (all runs for null). The change feed calls it for every
     * writer; a change made here is forgotten at its commit as well, so whoever made it reads it
     * back at once rather than after the notice has travelled through the database.
     */
    private void forget(UUID runId) {
        if (runId == null) {
            dropPages();
            computed.dropAll();
            lastSigns.dropAll();
            headlines.dropAll();
            listed.invalidateAll();
            return;
        }
        computed.drop(runId);
        lastSigns.drop(runId);
        headlines.drop(runId);
        if (changesTheList(runId)) {
            dropPages();
        }
    }

    @TransactionalEventListener(fallbackExecution = true)
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void onRunChanged(RunChanged changed) {
        forget(changed.runId());
    }

    private void dropPages() {
        counts.dropAll();
        pages.dropAll();
    }

    /**
     * Whether a change of the run may change a page of the runs list: a run new to the list, one
     * whose status or visibility moved, or an ended one (its verdict line may have moved). A running
     * run's next measurement leaves its line as it was.
     */
    private boolean changesTheList(UUID runId) {
        try {
            Optional<String> now = runs.listKey(runId);
            String before = listed.getIfPresent(runId);
            now.ifPresentOrElse(key -> listed.put(runId, key), () -> listed.invalidate(runId));
            return now.isEmpty()
                    || !now.get().equals(before)
                    || RunStatus.isFinished(now.get().substring(0, now.get().indexOf('|')));
        } catch (RuntimeException databaseDown) {
            return true;
        }
    }

    /**
     * The run named by {@code idOrSlug} if the caller may see it (Visibility). A private run of
     * someone else is reported as not found, so its existence does not leak.
     */
    RunRow visibleRow(String idOrSlug, Caller caller) {
        return anyRow(idOrSlug)
                .filter(run -> Visibility.visibleTo(run.visibility(), run.ownerTokenId(), caller))
                .orElseThrow(() -> ApiProblem.notFound("No run '" + idOrSlug + "'."));
    }

    /**
     * The view of the run named by {@code idOrSlug} if the caller may see it. Views are kept until
     * the run changes ({@link RunChangeFeed}), so a read of an unchanged run asks nothing of the
     * database; readers that miss together share one computation. Without the feed every read
     * computes its own.
     */
    RunView visibleView(String idOrSlug, Caller caller) {
        return withLiveParts(visibleCachedView(idOrSlug, caller).view());
    }

    /** {@link #visibleView} as JSON: the kept bytes unless the view has a live part. */
    RenderedJson visibleJson(String idOrSlug, Caller caller) {
        CachedView cached = visibleCachedView(idOrSlug, caller);
        RunView view = withLiveParts(cached.view());
        return view == cached.view() ? cached.rendered() : RenderedJson.of(json, view);
    }

    private CachedView visibleCachedView(String idOrSlug, Caller caller) {
        UUID id = parseUuid(idOrSlug).orElseGet(() -> slugs.getIfPresent(idOrSlug));
        if (id == null) {
            RunRow row = anyRow(idOrSlug).orElseThrow(() -> notFound(idOrSlug));
            slugs.put(row.slug(), row.id());
            id = row.id();
        }
        UUID runId = id;
        CachedView cached = feed.listening() ? computed.get(runId, () -> compute(runId)) : compute(runId);
        if (cached == null || !Visibility.visibleTo(cached.visibility(), cached.ownerTokenId(), caller)) {
            throw notFound(idOrSlug);
        }
        return cached;
    }

    /** Null when there is no such run. */
    private CachedView compute(UUID runId) {
        return runs.findById(runId)
                .map(row -> {
                    RunView view = view(row);
                    return new CachedView(row.visibility(), row.ownerTokenId(), view, RenderedJson.of(json, view));
                })
                .orElse(null);
    }

    /**
     * What changes without the run changing, read afresh for each reader (shared by the readers of
     * a second): a queued run's place in line, which moves as other runs start and end, and whether
     * the worker of a run in progress has gone silent (heartbeats change no run).
     */
    private RunView withLiveParts(RunView v) {
        if (RunStatus.QUEUED.equals(v.status())) {
            return queue.placeOf(v, Workloads.hardwareClass(v.workload()))
                    .map(place -> copy(v, v.workerSilentSince(), v.workerStep(), place))
                    .orElse(v);
        }
        if (!"running".equals(v.status()) && !"cancelling".equals(v.status())) {
            return v;
        }
        Optional<WorkerSilence.LastSign> sign = lastSigns.get(v.id(), () -> silence.lastSign(v.id()));
        OffsetDateTime silentSince = sign.flatMap(last -> silence.silentSince(last, OffsetDateTime.now(ZoneOffset.UTC)))
                .orElse(null);
        String step = sign.map(WorkerSilence.LastSign::step).orElse(null);
        return copy(v, silentSince, step, null);
    }

    private static RunView copy(RunView v, OffsetDateTime silentSince, String step, QueuePlace place) {
        return new RunView(
                v.id(),
                v.slug(),
                v.status(),
                v.visibility(),
                v.createdAt(),
                v.startedAt(),
                v.finishedAt(),
                v.shareUrl(),
                v.studyRunId(),
                v.source(),
                v.workload(),
                v.analysis(),
                v.failure(),
                v.configHash(),
                v.fingerprint(),
                v.workerId(),
                v.stacks(),
                v.measurements(),
                v.summary(),
                silentSince,
                step,
                v.history(),
                v.ci(),
                place,
                v.estimate());
    }

    /**
     * The variant a stack's reported version names, with its description and settings from the
     * manifest; a variant the manifest no longer declares keeps its id, so the page still tells it
     * apart from the default configuration.
     */
    private static StackManifest.Variant variantOf(StackManifest manifest, String version) {
        return StackVersions.variant(version)
                .map(id -> Optional.ofNullable(manifest)
                        .flatMap(m -> m.variant(id))
                        .orElse(new StackManifest.Variant(id, null, null)))
                .orElse(null);
    }

    private static ApiProblem notFound(String idOrSlug) {
        return ApiProblem.notFound("No run '" + idOrSlug + "'.");
    }

    /** The run by id or slug, whoever may see it: callers check the rule themselves. */
    Optional<RunRow> anyRow(String idOrSlug) {
        return parseUuid(idOrSlug).flatMap(runs::findById).or(() -> runs.findBySlug(idOrSlug));
    }

    RunView view(RunRow run) {
        Map<String, StackManifest> manifests =
                stacks.all().stream().collect(Collectors.toMap(StackManifest::id, manifest -> manifest, (a, b) -> a));
        Map<String, List<RunView.ModeOutcome>> modes = modeOutcomes.ofRun(run.id());
        List<RunView.Stack> stackViews = runs.stacksOf(run.id()).stream()
                .map(stack -> new RunView.Stack(
                        stack.stackId(),
                        Optional.ofNullable(manifests.get(stack.stackId()))
                                .map(StackManifest::displayName)
                                .orElse(stack.stackId()),
                        stack.version(),
                        stack.status(),
                        stack.reason(),
                        stack.log(),
                        stack.buildSeconds(),
                        parse(stack.versions()),
                        variantOf(manifests.get(stack.stackId()), stack.version()),
                        modes.getOrDefault(StackModeOutcomes.key(stack.stackId(), stack.version()), List.of())))
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
                studies.studyRunOf(run.id()).orElse(null),
                new RunView.Source(run.catalogId(), run.fileName(), run.entry()),
                parse(run.workload()),
                parse(run.analysis()),
                run.failure(),
                run.configHash(),
                parse(run.fingerprint()),
                run.workerId(),
                stackViews,
                measurements.forRun(run.id()),
                Summaries.summarise(measurements.withHistograms(run.id()), reference(run)),
                sign.flatMap(last -> silence.silentSince(last, OffsetDateTime.now(ZoneOffset.UTC)))
                        .orElse(null),
                sign.map(WorkerSilence.LastSign::step).orElse(null),
                history.of(run.id()),
                runs.ciOf(run.id()).orElse(null),
                null,
                estimate(parse(run.workload()), stackViews.size()));
    }

    /** The workload's estimate with the run's own stacks (an A/B run builds its one stack twice). */
    private EstimateView estimate(JsonNode workload, int stackCount) {
        if (workload == null || !workload.isObject()) {
            return null;
        }
        WorkEstimate.Assumptions assumptions = WorkEstimate.Assumptions.from(properties.limits());
        return EstimateView.of(WorkEstimate.of(workload, assumptions).withStacks(stackCount, assumptions), assumptions);
    }

    /** The stack the workload compares every other with; null for the fastest of each cell. */
    private String reference(RunRow run) {
        JsonNode workload = parse(run.workload());
        return workload != null && workload.path("reference").isString()
                ? workload.get("reference").asString()
                : null;
    }

    Optional<RunView> view(UUID runId) {
        return runs.findById(runId).map(this::view);
    }

    /**
     * A page of the runs list, kept until any run changes; readers that miss together share one
     * computation. Each ended run's line carries its verdict from the run's (kept) view.
     */
    RenderedJson page(Caller caller, RunFilter filter, int page, int size) {
        PageKey key = new PageKey(caller.tokenId().orElse(null), filter, page, size);
        Supplier<RenderedJson> compute = () -> {
            List<RunSummary> items = runs.page(key.owner(), filter, page, size).stream()
                    .map(this::withVerdict)
                    .toList();
            items.forEach(item -> listed.put(item.id(), item.status() + "|" + item.visibility()));
            CountKey countKey = new CountKey(key.owner(), filter);
            long total = feed.listening()
                    ? counts.get(countKey, () -> runs.count(countKey.owner(), filter))
                    : runs.count(countKey.owner(), filter);
            return RenderedJson.of(json, new RunSummary.Page(items, page, size, total));
        };
        return feed.listening() ? pages.get(key, compute) : compute.get();
    }

    private RunSummary withVerdict(RunSummary line) {
        if (!RunStatus.isFinished(line.status())) {
            return line;
        }
        Optional<String> headline =
                feed.listening() ? headlines.get(line.id(), () -> headline(line.id())) : headline(line.id());
        return headline.map(line::withVerdict).orElse(line);
    }

    /** The run's verdict line from its kept view when there is one, else from its measurements alone. */
    private Optional<String> headline(UUID runId) {
        CachedView cached = feed.listening() ? computed.peek(runId) : null;
        if (cached != null) {
            return Optional.ofNullable(
                    Headline.of(cached.view().status(), cached.view().summary()));
        }
        return runs.findById(runId)
                .map(run -> Headline.of(
                        run.status(), Summaries.summarise(measurements.withHistograms(run.id()), reference(run))));
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
