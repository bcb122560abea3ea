package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import dev.soapbench.accounts.ProjectClaims;
import dev.soapbench.catalog.Catalog;
import dev.soapbench.catalog.CatalogService;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.JsonSchemas;
import dev.soapbench.common.ProblemError;
import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.common.WsdlProblems;
import dev.soapbench.dispatch.Outbox;
import dev.soapbench.dispatch.RunJob;
import dev.soapbench.limits.WorkEstimate;
import dev.soapbench.limits.WorkQuota;
import dev.soapbench.stacks.Compatibility;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.stacks.StackManifest;
import dev.soapbench.stacks.Stacks;
import dev.soapbench.wsdl.DefectFeatures;
import dev.soapbench.wsdl.MtomCandidates;
import dev.soapbench.wsdl.OperationInfo;
import dev.soapbench.wsdl.SameRequest;
import dev.soapbench.wsdl.Sample;
import dev.soapbench.wsdl.SampleGenerator;
import dev.soapbench.wsdl.UnreadableUpload;
import dev.soapbench.wsdl.WsdlAnalysis;
import dev.soapbench.wsdl.WsdlAnalyzer;
import dev.soapbench.wsdl.WsdlBundle;
import dev.soapbench.wsdl.WsdlBundles;
import dev.soapbench.wsdl.WsdlPolicies;
import dev.soapbench.wsdl.WsdlProblem;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Accepts a run: checks the workload, analyses the WSDL, decides which stacks can build it, all
 * without a database connection, then stores the run with its bundle, samples and job in one short
 * transaction, in turn with other submissions ({@link StoreTurns}).
 */
@Service
class RunSubmission {

    private final Stacks stacks;
    private final Catalog catalog;
    private final WsdlAnalyzer analyzer;
    private final SampleGenerator sampleGenerator;
    private final JsonSchemas schemas;
    private final RunRepository runs;
    private final Outbox outbox;
    private final RequestDatasets datasets;
    private final SoapBenchProperties properties;
    private final ObjectMapper json;
    private final WorkQuota quota;
    private final TransactionTemplate transactions;
    private final StoreTurns turns;
    private final ProjectClaims claims;
    private final HeadWsdl heads;

    RunSubmission(
            Stacks stacks,
            Catalog catalog,
            WsdlAnalyzer analyzer,
            SampleGenerator sampleGenerator,
            JsonSchemas schemas,
            RunRepository runs,
            Outbox outbox,
            RequestDatasets datasets,
            SoapBenchProperties properties,
            ObjectMapper json,
            WorkQuota quota,
            TransactionTemplate transactions,
            StoreTurns turns,
            ProjectClaims claims,
            HeadWsdl heads) {
        this.stacks = stacks;
        this.catalog = catalog;
        this.analyzer = analyzer;
        this.sampleGenerator = sampleGenerator;
        this.schemas = schemas;
        this.runs = runs;
        this.outbox = outbox;
        this.datasets = datasets;
        this.properties = properties;
        this.json = json;
        this.quota = quota;
        this.transactions = transactions;
        this.turns = turns;
        this.claims = claims;
        this.heads = heads;
    }

    /**
     * The run's CI context, once the caller is known to act for its project: a project token's runs
     * always join its project, and a claimed project takes runs from its own tokens only.
     */
    private CiContext ciOf(SubmitRunCommand command) {
        CiContext ci = command.ci();
        if (ci == null) {
            return command.caller().project().map(CiContext::ofProject).orElse(null);
        }
        claims.requireMaySubmit(command.caller(), ci.project());
        return ci;
    }

    private record Source(String catalogId, String fileName, WsdlBundle bundle, Optional<CatalogService> service) {}

    private record StackPlan(ResolvedStack stack, Optional<String> unsupportedBecause) {}

    /** Joins the caller's transaction if there is one (a study stores all its cells in one). */
    SubmittedRun submit(SubmitRunCommand command) {
        CiContext ci = ciOf(command);
        String visibility = visibility(command);
        JsonNode submitted = command.workload();
        List<ProblemError> faults = schemas.validate(JsonSchemas.WORKLOAD, submitted);
        if (!faults.isEmpty()) {
            throw ApiProblem.unprocessable(
                    "The workload is invalid: " + faults.get(0).field() + ": "
                            + faults.get(0).message(),
                    faults);
        }
        NativeDriver.checkLoad(submitted);
        Mtom.checkWorkload(submitted);
        WorkEstimate estimate =
                quota.estimate(command.headUpload() == null ? submitted : HeadWsdl.measuredTwice(submitted));
        String hardwareClass = Workloads.hardwareClass(submitted);
        if (!properties.hardwareClasses().contains(hardwareClass)) {
            throw ApiProblem.unprocessable(
                    "No workers of hardware class '" + hardwareClass + "' are configured (known: "
                            + String.join(", ", properties.hardwareClasses()) + ").",
                    ProblemError.inField("/hardwareClass", "unknown hardware class '" + hardwareClass + "'"));
        }

        Source source = source(command, submitted);
        WsdlAnalysis analysis = analyse(source.bundle());
        List<WsdlPolicies.Policy> policies = WsdlPolicies.of(source.bundle());
        boolean removePolicies = Workloads.removesPolicies(submitted) && !policies.isEmpty();
        Optional<String> policyBlocks =
                removePolicies ? Optional.empty() : Optional.ofNullable(WsdlPolicies.whyNotMeasured(policies));
        // What the stacks build: the user's bundle, or the same without its policies when asked.
        WsdlBundle measuredBundle = removePolicies ? WsdlPolicies.strip(source.bundle()) : source.bundle();
        Map<String, OperationInfo> operations = selectOperations(submitted, analysis);
        // Not a stack's limit but the WSDL's: every stack is refused alike.
        Optional<String> wsdlBlocks = joined(
                policyBlocks,
                Optional.ofNullable(SameRequest.whyNotMeasured(analysis.sameRequests(), operations.values())));
        List<ResolvedStack> resolved = stacks.resolve(stackNames(submitted));
        NativeDriver.checkStacks(submitted, resolved);
        ReferenceStack.of(submitted, resolved);
        List<String> security = Workloads.security(submitted);
        boolean mtom = Workloads.mtom(submitted);
        List<MtomCandidates.Candidate> mtomCandidates = MtomCandidates.of(measuredBundle);
        List<Sample> samples = source.service()
                .map(catalog::samples)
                .orElseGet(() -> sampleGenerator.generate(source.bundle(), analysis));
        List<Sample> measuredSamples = samplesFor(operations.keySet(), samples, source.catalogId());
        Optional<HeadWsdl.Head> head = Optional.ofNullable(command.headUpload())
                .map(upload -> heads.of(upload, submitted, operations.keySet(), resolved));

        List<StackPlan> plans = new ArrayList<>(resolved.stream()
                .map(stack -> new StackPlan(
                        stack,
                        joined(
                                Compatibility.whyNot(
                                        stack.manifest(),
                                        needs(
                                                operations.values(),
                                                security,
                                                mtom,
                                                Optional.ofNullable(source.catalogId()))),
                                wsdlBlocks)))
                .toList());
        head.ifPresent(h -> plans.add(new StackPlan(
                h.stack(),
                Compatibility.whyNot(
                        h.stack().manifest(),
                        needs(h.operations().values(), security, mtom, Optional.empty())))));
        ObjectNode analysisView = analysisView(
                analysis,
                operations,
                security,
                mtom,
                mtomCandidates,
                Optional.ofNullable(source.catalogId()),
                DefectFeatures.of(source.bundle()),
                policies,
                removePolicies);
        ObjectNode workload =
                Workloads.withDefaults(submitted, source.catalogId(), List.copyOf(operations.keySet()), resolved);
        head.ifPresent(h -> {
            // The head is judged against the base: the reference, whatever the workload named.
            workload.put(
                    "reference", resolved.get(0).id() + "@" + resolved.get(0).version());
            analysisView.set("head", headView(h));
        });

        RunJob.Bundle bundle = jobBundle(measuredBundle);
        Optional<RequestDatasets.Sequence> sequence = requestSequence(submitted, operations.keySet());
        List<Sample> sentSamples = sequence.filter(RequestDatasets.Sequence::inline)
                .map(RequestDatasets.Sequence::samples)
                .orElse(measuredSamples);
        String requestsDataset = sequence.filter(seq -> !seq.inline())
                .map(RequestDatasets.Sequence::name)
                .orElse(null);
        List<RunJob.JobSample> jobSamples = jobSamples(sentSamples);
        List<RunJob.JobStack> jobStacks = plans.stream()
                .filter(plan -> plan.unsupportedBecause().isEmpty())
                .map(plan -> new RunJob.JobStack(
                        plan.stack().id(),
                        plan.stack().version(),
                        plan.stack().version().endsWith(HeadWsdl.VERSION_SUFFIX) ? "head" : null,
                        plan.stack().variant()))
                .toList();
        RunJob.Bundle headBundle = head.map(h -> jobBundle(h.bundle())).orElse(null);
        List<RunJob.JobSample> headSamples =
                head.map(h -> jobSamples(h.samples())).orElse(null);
        String configHash = ConfigHash.of(bundle, jobSamples, jobStacks, workload, headBundle, headSamples);

        UUID runId = UUID.randomUUID();
        // Anonymous submitters get a secret to cancel their run with; token owners use their token.
        Optional<String> manageToken =
                command.caller().isAnonymous() ? Optional.of(ManageTokens.generate()) : Optional.empty();
        String slug = Slugs.next();
        String failure = jobStacks.isEmpty() ? noStackCanBuild(plans) : null;
        RunRow run = new RunRow(
                runId,
                slug,
                failure == null ? RunStatus.QUEUED : RunStatus.FAILED,
                visibility,
                command.caller().tokenId().orElse(null),
                null,
                null,
                failure == null ? null : OffsetDateTime.now(),
                source.catalogId(),
                source.fileName(),
                source.bundle().entry(),
                hardwareClass,
                json.writeValueAsString(workload),
                json.writeValueAsString(analysisView),
                configHash,
                failure,
                null,
                null,
                manageToken.map(ManageTokens::sha256).orElse(null),
                null);
        List<StackRow> stackRows = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            StackPlan plan = plans.get(i);
            stackRows.add(new StackRow(
                    plan.stack().id(),
                    plan.stack().version(),
                    i,
                    plan.unsupportedBecause().isPresent() ? RunStatus.STACK_UNSUPPORTED : RunStatus.STACK_PENDING,
                    plan.unsupportedBecause().orElse(null),
                    null,
                    null,
                    null));
        }
        Optional<RunJob> job = failure != null
                ? Optional.empty()
                : Optional.of(new RunJob(
                        RunJob.SCHEMA_VERSION,
                        runId,
                        1,
                        hardwareClass,
                        configHash,
                        source.catalogId(),
                        bundle,
                        jobSamples,
                        jobStacks,
                        workload,
                        requestsDataset,
                        headBundle,
                        headSamples,
                        mtom ? xopElements(mtomCandidates, head) : null));
        boolean charge = job.isPresent() && !command.workCharged();
        List<Sample> storedSamples = oneSamplePerOperation(samples);

        turns.store(() -> transactions.executeWithoutResult(status -> {
            if (charge) {
                quota.charge(command.caller(), estimate.workerSeconds(), "run:" + runId);
            }
            runs.insertRun(run);
            runs.insertBundle(runId, measuredBundle.files());
            head.ifPresent(h -> runs.insertHeadBundle(runId, h.bundle().files()));
            runs.insertSamples(runId, storedSamples);
            stackRows.forEach(stack -> runs.insertStack(runId, stack));
            if (ci != null) {
                runs.insertCi(runId, ci);
            }
            job.ifPresent(outbox::enqueue);
        }));
        return new SubmittedRun(
                runId,
                slug,
                failure == null ? RunStatus.QUEUED : RunStatus.FAILED,
                properties.statusUrl(runId),
                properties.shareUrl(slug),
                analysisView,
                manageToken.orElse(null));
    }

    /**
     * What a submission of this WSDL would be told of it, with no run created (POST
     * /api/v1/analyses): its operations, styles and warnings, and per stack whether it can build it.
     */
    ObjectNode analysisOnly(
            String catalogId,
            SubmitRunCommand.Upload upload,
            List<String> security,
            boolean removePolicies,
            boolean mtom) {
        ObjectNode noWorkload = json.createObjectNode();
        Source source =
                source(new SubmitRunCommand(catalogId, upload, noWorkload, null, Caller.anonymous()), noWorkload);
        WsdlAnalysis analysis = analyse(source.bundle());
        List<WsdlPolicies.Policy> policies = WsdlPolicies.of(source.bundle());
        return analysisView(
                analysis,
                selectOperations(noWorkload, analysis),
                security,
                mtom,
                MtomCandidates.of(source.bundle()),
                Optional.ofNullable(source.catalogId()),
                DefectFeatures.of(source.bundle()),
                policies,
                removePolicies && !policies.isEmpty());
    }

    /** What the worker moves into MIME parts: the candidates of the measured WSDL and of a head's. */
    private static List<RunJob.XopElement> xopElements(
            List<MtomCandidates.Candidate> candidates, Optional<HeadWsdl.Head> head) {
        Stream<MtomCandidates.Candidate> all = Stream.concat(
                candidates.stream(),
                head.map(h -> MtomCandidates.of(h.bundle()).stream()).orElseGet(Stream::empty));
        return all.map(c -> new RunJob.XopElement(c.namespace(), c.name()))
                .distinct()
                .toList();
    }

    private static RunJob.Bundle jobBundle(WsdlBundle bundle) {
        return new RunJob.Bundle(
                bundle.entry(),
                bundle.files().entrySet().stream()
                        .map(file -> new RunJob.BundleFile(
                                file.getKey(), Base64.getEncoder().encodeToString(file.getValue())))
                        .toList());
    }

    private static List<RunJob.JobSample> jobSamples(List<Sample> samples) {
        return samples.stream()
                .map(sample -> new RunJob.JobSample(
                        sample.operation(),
                        sample.soapAction(),
                        sample.soapVersion(),
                        sample.oneWay(),
                        sample.request(),
                        sample.response() == null ? "" : sample.response()))
                .toList();
    }

    /** What the run page says of the head WSDL: where it came from and what it has. */
    private ObjectNode headView(HeadWsdl.Head head) {
        ObjectNode view = json.createObjectNode();
        view.put("fileName", head.fileName());
        view.put("entry", head.bundle().entry());
        view.put("stack", head.stack().id() + "@" + head.stack().version());
        ArrayNode operations = view.putArray("operations");
        head.operations().keySet().forEach(operations::add);
        return view;
    }

    private Optional<RequestDatasets.Sequence> requestSequence(JsonNode workload, Set<String> operations) {
        JsonNode dataset = workload.path("requests").path("dataset");
        if (!dataset.isString()) {
            return Optional.empty();
        }
        RequestDatasets.Sequence sequence = datasets.load(dataset.asString());
        for (String operation : RequestDatasets.operations(sequence)) {
            if (!operations.contains(operation)) {
                throw ApiProblem.unprocessable(
                        "The request sequence '" + sequence.name() + "' calls '" + operation
                                + "', which is not among the measured operations " + operations + ".",
                        ProblemError.inField("/requests/dataset", "calls unknown operation '" + operation + "'"));
            }
        }
        return Optional.of(sequence);
    }

    private static String visibility(SubmitRunCommand command) {
        String visibility = command.visibility() == null || command.visibility().isBlank()
                ? "public"
                : command.visibility().strip();
        if (!Visibility.known(visibility)) {
            throw ApiProblem.badRequest(
                    "Visibility must be 'public', 'unlisted' or 'private', not '" + visibility + "'.",
                    ProblemError.inField("visibility", "must be public, unlisted or private"));
        }
        if (visibility.equals(Visibility.PRIVATE) && command.caller().isAnonymous()) {
            throw ApiProblem.badRequest(
                    "A private run needs an API token: create one with POST /api/v1/tokens and send it as"
                            + " 'Authorization: Bearer <token>'. A run anyone with its link may see, never"
                            + " listed, is 'unlisted' and needs none.",
                    ProblemError.inField("visibility", "private runs need an API token"));
        }
        return visibility;
    }

    private Source source(SubmitRunCommand command, JsonNode workload) {
        String catalogId = command.catalogId();
        String wsdlField = workload.path("wsdl").asString("");
        if ((catalogId == null || catalogId.isBlank()) && wsdlField.startsWith("catalog:")) {
            catalogId = wsdlField.substring("catalog:".length());
        }
        boolean hasCatalog = catalogId != null && !catalogId.isBlank();
        if (hasCatalog && command.upload() != null) {
            throw ApiProblem.badRequest(
                    "Send either a WSDL upload or a catalog id, not both.",
                    ProblemError.inField("catalog", "conflicts with the uploaded WSDL"));
        }
        if (hasCatalog) {
            String id = catalogId.strip();
            CatalogService service = catalog.find(id)
                    .orElseThrow(() -> ApiProblem.unprocessable(
                            "There is no catalog service '" + id + "'.",
                            ProblemError.inField("catalog", "unknown catalog service '" + id + "'")));
            return new Source(id, null, catalog.bundle(service), Optional.of(service));
        }
        if (command.upload() == null) {
            throw ApiProblem.badRequest(
                    "Send a WSDL (form field 'wsdl': a .wsdl file or a .zip bundle) or a catalog id.",
                    ProblemError.inField("wsdl", "required unless 'catalog' is given"));
        }
        SubmitRunCommand.Upload upload = command.upload();
        try {
            WsdlBundle bundle = WsdlBundles.fromUpload(upload.fileName(), upload.content(), upload.entry());
            return new Source(null, upload.fileName(), bundle, Optional.empty());
        } catch (UnreadableUpload problem) {
            throw ApiProblem.badRequest(
                    "The upload cannot be read: " + problem.getMessage(), WsdlProblems.toError(problem));
        } catch (WsdlProblem problem) {
            throw ApiProblem.unprocessable(
                    "The upload cannot be used: " + problem.getMessage(), WsdlProblems.toError(problem));
        }
    }

    private WsdlAnalysis analyse(WsdlBundle bundle) {
        try {
            return analyzer.analyze(bundle);
        } catch (WsdlProblem problem) {
            throw ApiProblem.unprocessable(
                    "The WSDL cannot be analysed: " + problem.getMessage(), WsdlProblems.toError(problem));
        }
    }

    /**
     * The operations to measure, by name, each with the binding the samples use (the first one the
     * analysis lists). Without a list in the workload: every operation that has a response.
     */
    private static Map<String, OperationInfo> selectOperations(JsonNode workload, WsdlAnalysis analysis) {
        Map<String, OperationInfo> byName = new LinkedHashMap<>();
        analysis.operations().forEach(operation -> byName.putIfAbsent(operation.name(), operation));
        Map<String, OperationInfo> selected = new LinkedHashMap<>();
        if (!workload.has("operations") || workload.get("operations").isEmpty()) {
            byName.values().stream()
                    .filter(operation -> !operation.oneWay())
                    .forEach(operation -> selected.put(operation.name(), operation));
            if (selected.isEmpty()) {
                throw ApiProblem.unprocessable(
                        "The WSDL has no request-response operation to measure.",
                        ProblemError.inField("/operations", "no operation with a response"));
            }
            return selected;
        }
        List<ProblemError> unknown = new ArrayList<>();
        JsonNode names = workload.get("operations");
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i).asString();
            if (byName.containsKey(name)) {
                selected.put(name, byName.get(name));
            } else {
                unknown.add(ProblemError.inField("/operations/" + i, "unknown operation '" + name + "'"));
            }
        }
        if (!unknown.isEmpty()) {
            throw ApiProblem.unprocessable(
                    "Unknown operations in the workload: "
                            + unknown.stream().map(ProblemError::message).collect(Collectors.joining("; "))
                            + " (the WSDL has: " + String.join(", ", byName.keySet()) + ").",
                    unknown);
        }
        return selected;
    }

    private static List<String> stackNames(JsonNode workload) {
        return workload.get("stacks").valueStream().map(JsonNode::asString).toList();
    }

    private static List<Sample> samplesFor(Set<String> operations, List<Sample> samples, String catalogId) {
        Map<String, Sample> byOperation = new LinkedHashMap<>();
        samples.forEach(sample -> byOperation.putIfAbsent(sample.operation(), sample));
        List<String> missing = operations.stream()
                .filter(name -> !byOperation.containsKey(name))
                .toList();
        if (!missing.isEmpty()) {
            throw ApiProblem.unprocessable(
                    (catalogId != null ? "The catalog service has" : "Could not generate")
                            + " no sample for operations " + String.join(", ", missing) + ".",
                    missing.stream()
                            .map(name -> ProblemError.inField("/operations", "no sample for '" + name + "'"))
                            .toList());
        }
        return operations.stream().map(byOperation::get).toList();
    }

    private static List<Sample> oneSamplePerOperation(List<Sample> samples) {
        Map<String, Sample> byOperation = new LinkedHashMap<>();
        samples.forEach(sample -> byOperation.putIfAbsent(sample.operation(), sample));
        return List.copyOf(byOperation.values());
    }

    private ObjectNode analysisView(
            WsdlAnalysis analysis,
            Map<String, OperationInfo> operations,
            List<String> security,
            boolean mtom,
            List<MtomCandidates.Candidate> mtomCandidates,
            Optional<String> catalogId,
            Set<String> features,
            List<WsdlPolicies.Policy> policies,
            boolean policiesRemoved) {
        ObjectNode view = json.valueToTree(analysis);
        view.set("policies", json.valueToTree(policies));
        view.put("policiesRemoved", policiesRemoved);
        view.set("mtomCandidates", json.valueToTree(mtomCandidates));
        if (mtom && mtomCandidates.isEmpty()) {
            ((ArrayNode) view.withArray("warnings"))
                    .add("MTOM was asked for, but no element of the WSDL's schemas is base64Binary: every message"
                            + " travels as an XOP package with nothing moved into a MIME part, which measures the"
                            + " packaging alone.");
        }
        if (policiesRemoved) {
            ((ArrayNode) view.withArray("warnings"))
                    .add(
                            "Measured without the WSDL's WS-Policy (workload policy: remove): "
                                    + policies.stream()
                                            .map(policy -> policy.where() + " ("
                                                    + String.join(", ", policy.assertions()) + ")")
                                            .collect(Collectors.joining("; "))
                                    + ". The stacks were built from the WSDL with every policy and policy reference taken out.");
        }
        Optional<String> wsdlBlocks = joined(
                policiesRemoved ? Optional.empty() : Optional.ofNullable(WsdlPolicies.whyNotMeasured(policies)),
                Optional.ofNullable(SameRequest.whyNotMeasured(analysis.sameRequests(), operations.values())));
        ArrayNode stackVerdicts = view.putArray("stacks");
        for (StackManifest stack : stacks.all()) {
            Optional<String> why =
                    joined(Compatibility.whyNot(stack, needs(operations.values(), security, mtom, catalogId)), wsdlBlocks);
            ObjectNode verdict = stackVerdicts.addObject();
            verdict.put("id", stack.id());
            verdict.put("buildable", why.isEmpty());
            why.ifPresent(reason -> verdict.put("reason", reason));
            ArrayNode defects = verdict.putArray("knownDefects");
            stack.knownDefects().stream()
                    .filter(defect -> features.contains(defect.feature()))
                    .forEach(defect ->
                            defects.addObject().put("feature", defect.feature()).put("reason", defect.reason()));
        }
        return view;
    }

    private static Compatibility.Needs needs(
            Collection<OperationInfo> operations, List<String> security, boolean mtom, Optional<String> catalogId) {
        return Compatibility.Needs.NOTHING
                .withOperations(operations)
                .withSecurity(security)
                .withMtom(mtom)
                .withCatalogService(catalogId);
    }

    private static Optional<String> joined(Optional<String> first, Optional<String> second) {
        if (first.isPresent() && second.isPresent()) {
            return Optional.of(first.get() + "; " + second.get());
        }
        return first.or(() -> second);
    }

    private static String noStackCanBuild(List<StackPlan> plans) {
        return "None of the selected stacks can build this WSDL: "
                + plans.stream()
                        .map(plan -> plan.stack().id() + " "
                                + plan.unsupportedBecause().orElse(""))
                        .collect(Collectors.joining("; "))
                + ".";
    }
}
