package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import dev.soapbench.accounts.ProjectClaims;
import dev.soapbench.catalog.Catalog;
import dev.soapbench.catalog.CatalogService;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.JsonSchemas;
import dev.soapbench.common.ProblemError;
import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.common.WorkloadDefaults;
import dev.soapbench.common.WsdlProblems;
import dev.soapbench.limits.WorkEstimate;
import dev.soapbench.limits.WorkQuota;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.stacks.Stacks;
import dev.soapbench.wsdl.DefectFeatures;
import dev.soapbench.wsdl.MtomCandidates;
import dev.soapbench.wsdl.OperationInfo;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Accepts a run in three steps: gathers and checks what it needs (the workload, the WSDL's analysis
 * and samples, the stacks) without a database connection, lets {@link RunPlanner} decide in plain
 * code what to store, and stores that plan with {@link RunStore} in one short transaction, in turn
 * with other submissions ({@link StoreTurns}).
 */
@Service
class RunSubmission {

    private final Stacks stacks;
    private final Catalog catalog;
    private final WsdlAnalyzer analyzer;
    private final SampleGenerator sampleGenerator;
    private final JsonSchemas schemas;
    private final RequestDatasets datasets;
    private final SoapBenchProperties properties;
    private final ObjectMapper json;
    private final WorkQuota quota;
    private final RunStore store;
    private final StoreTurns turns;
    private final ProjectClaims claims;
    private final HeadWsdl heads;

    RunSubmission(
            Stacks stacks,
            Catalog catalog,
            WsdlAnalyzer analyzer,
            SampleGenerator sampleGenerator,
            JsonSchemas schemas,
            RequestDatasets datasets,
            SoapBenchProperties properties,
            ObjectMapper json,
            WorkQuota quota,
            RunStore store,
            StoreTurns turns,
            ProjectClaims claims,
            HeadWsdl heads) {
        this.stacks = stacks;
        this.catalog = catalog;
        this.analyzer = analyzer;
        this.sampleGenerator = sampleGenerator;
        this.schemas = schemas;
        this.datasets = datasets;
        this.properties = properties;
        this.json = json;
        this.quota = quota;
        this.store = store;
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

    /**
     * Gathers and checks what the run needs (the slow part: the WSDL's analysis and samples, with no
     * database connection held), lets {@link RunPlanner} decide what to store, and stores it in one
     * short transaction in turn with other submissions. Joins the caller's transaction if there is
     * one (a study stores all its cells in one).
     */
    SubmittedRun submit(SubmitRunCommand command) {
        SubmissionFacts facts = gather(command);
        // Anonymous submitters get a secret to cancel their run with; token owners use their token.
        Optional<String> manageToken =
                command.caller().isAnonymous() ? Optional.of(ManageTokens.generate()) : Optional.empty();
        RunPlan plan = RunPlanner.plan(
                facts,
                new RunPlanner.Identity(UUID.randomUUID(), Slugs.next(), manageToken, OffsetDateTime.now()),
                json);
        turns.store(() -> store.store(plan));
        RunRow run = plan.run();
        return new SubmittedRun(
                run.id(),
                run.slug(),
                run.status(),
                properties.statusUrl(run.id()),
                Workloads.interop(facts.workload())
                        ? properties.interopShareUrl(run.id())
                        : properties.shareUrl(run.slug()),
                plan.analysisView(),
                plan.manageToken().orElse(null));
    }

    /** Checks the command and gathers its facts, refusing it at the first fault in the API's order. */
    private SubmissionFacts gather(SubmitRunCommand command) {
        CiContext ci = ciOf(command);
        String visibility = visibility(command);
        List<ProblemError> faults = schemas.validate(JsonSchemas.WORKLOAD, command.workload());
        if (!faults.isEmpty()) {
            throw ApiProblem.unprocessable(
                    "The workload is invalid: " + faults.get(0).field() + ": "
                            + faults.get(0).message(),
                    faults);
        }
        // From here on every default of the schema is written out: nothing below has its own.
        JsonNode submitted = InteropWorkload.withBaseline(WorkloadDefaults.applyTo(command.workload()));
        InteropWorkload.checkWorkload(submitted, command.headUpload() != null);
        NativeDriver.checkLoad(submitted);
        Mtom.checkWorkload(submitted);
        SecuredCells.checkWorkload(submitted);
        ColdStart.checkWorkload(submitted);
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
        Map<String, OperationInfo> operations = selectOperations(submitted, analysis);
        List<ResolvedStack> resolved = stacks.resolve(stackNames(submitted));
        NativeDriver.checkStacks(submitted, resolved);
        Mtom.checkStacks(submitted, resolved);
        ReferenceStack.of(submitted, resolved);
        List<Sample> samples = source.service()
                .map(catalog::samples)
                .orElseGet(() -> sampleGenerator.generate(source.bundle(), analysis));
        List<Sample> measuredSamples = samplesFor(operations.keySet(), samples, source.catalogId());
        Optional<HeadWsdl.Head> head = Optional.ofNullable(command.headUpload())
                .map(upload -> heads.of(upload, submitted, operations.keySet(), resolved));
        Optional<RequestDatasets.Sequence> sequence = requestSequence(submitted, operations.keySet());
        return new SubmissionFacts(
                command.caller(),
                command.workCharged(),
                ci,
                visibility,
                submitted,
                estimate,
                hardwareClass,
                source.catalogId(),
                source.fileName(),
                source.bundle(),
                analysis,
                operations,
                resolved,
                samples,
                measuredSamples,
                head,
                sequence,
                stacks.all());
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
        return RunPlanner.analysisView(
                json,
                stacks.all(),
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
}
