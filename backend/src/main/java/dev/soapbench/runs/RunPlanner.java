package dev.soapbench.runs;

import dev.soapbench.dispatch.RunJob;
import dev.soapbench.stacks.Compatibility;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.stacks.StackManifest;
import dev.soapbench.wsdl.DefectFeatures;
import dev.soapbench.wsdl.MtomCandidates;
import dev.soapbench.wsdl.OperationInfo;
import dev.soapbench.wsdl.SameRequest;
import dev.soapbench.wsdl.Sample;
import dev.soapbench.wsdl.WsdlAnalysis;
import dev.soapbench.wsdl.WsdlBundle;
import dev.soapbench.wsdl.WsdlPolicies;
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
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Decides what a submission stores, in plain code: which stacks can build the WSDL, the run's row
 * and stacks, its job and whether the quota is charged. No database, clock or randomness: what it
 * needs was gathered into {@link SubmissionFacts}, and the run's id, slug, token and time come in
 * as an {@link Identity}.
 */
final class RunPlanner {

    /** What makes the run this one: its id, slug, the anonymous submitter's secret, and when. */
    record Identity(UUID runId, String slug, Optional<String> manageToken, OffsetDateTime now) {}

    private record StackPlan(ResolvedStack stack, Optional<String> unsupportedBecause) {}

    private RunPlanner() {}

    static RunPlan plan(SubmissionFacts facts, Identity identity, ObjectMapper json) {
        WsdlBundle source = facts.bundle();
        Map<String, OperationInfo> operations = facts.operations();
        List<ResolvedStack> resolved = facts.stacks();
        Optional<HeadWsdl.Head> head = facts.head();
        Optional<String> catalogId = Optional.ofNullable(facts.catalogId());
        List<WsdlPolicies.Policy> policies = WsdlPolicies.of(source);
        boolean removePolicies = Workloads.removesPolicies(facts.workload()) && !policies.isEmpty();
        // What the stacks build: the user's bundle, or the same without its policies when asked.
        WsdlBundle measuredBundle = removePolicies ? WsdlPolicies.strip(source) : source;
        Optional<String> wsdlBlocks = wsdlBlocks(facts.analysis(), operations, policies, removePolicies);
        List<String> security = Workloads.security(facts.workload());
        // An interop run takes every stack that can serve plain: a mode a stack does not claim is its
        // cells' outcome (unsupported, with the reason), reported by the worker, not the stack's.
        List<String> compatibleSecurity =
                Workloads.interop(facts.workload()) ? List.of(InteropWorkload.BASELINE) : security;
        boolean mtom = Workloads.mtom(facts.workload());
        List<MtomCandidates.Candidate> mtomCandidates = MtomCandidates.of(measuredBundle);

        List<StackPlan> plans = new ArrayList<>(resolved.stream()
                .map(stack -> new StackPlan(
                        stack,
                        joined(
                                Compatibility.whyNot(
                                        stack.manifest().atVersion(stack.buildVersion()),
                                        needs(operations.values(), compatibleSecurity, mtom, catalogId)),
                                wsdlBlocks)))
                .toList());
        head.ifPresent(h -> plans.add(new StackPlan(
                h.stack(),
                Compatibility.whyNot(
                        h.stack().manifest().atVersion(h.stack().buildVersion()),
                        needs(h.operations().values(), compatibleSecurity, mtom, Optional.empty())))));
        ObjectNode analysisView = analysisView(
                json,
                atChosenVersions(facts.allStacks(), resolved, security, mtom, operations, catalogId),
                facts.analysis(),
                operations,
                security,
                mtom,
                mtomCandidates,
                catalogId,
                DefectFeatures.of(source),
                policies,
                removePolicies);
        ObjectNode workload =
                Workloads.resolved(facts.workload(), facts.catalogId(), List.copyOf(operations.keySet()), resolved);
        head.ifPresent(h -> {
            // The head is judged against the base: the reference, whatever the workload named.
            workload.put(
                    "reference", resolved.get(0).id() + "@" + resolved.get(0).version());
            analysisView.set("head", headView(json, h));
        });

        RunJob.Bundle bundle = jobBundle(measuredBundle);
        Optional<RequestDatasets.Sequence> sequence = facts.requests();
        List<Sample> sentSamples = sequence.filter(RequestDatasets.Sequence::inline)
                .map(RequestDatasets.Sequence::samples)
                .orElse(facts.measuredSamples());
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

        UUID runId = identity.runId();
        String failure = jobStacks.isEmpty() ? noStackCanBuild(plans) : null;
        RunRow run = new RunRow(
                runId,
                identity.slug(),
                failure == null ? RunStatus.QUEUED : RunStatus.FAILED,
                facts.visibility(),
                facts.caller().tokenId().orElse(null),
                null,
                null,
                failure == null ? null : identity.now(),
                facts.catalogId(),
                facts.fileName(),
                source.entry(),
                facts.hardwareClass(),
                json.writeValueAsString(workload),
                json.writeValueAsString(analysisView),
                configHash,
                failure,
                null,
                null,
                identity.manageToken().map(ManageTokens::sha256).orElse(null),
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
                        facts.hardwareClass(),
                        configHash,
                        facts.catalogId(),
                        bundle,
                        jobSamples,
                        jobStacks,
                        workload,
                        requestsDataset,
                        headBundle,
                        headSamples,
                        mtom ? xopElements(mtomCandidates, head) : null));
        Optional<RunPlan.Charge> charge = job.isPresent() && !facts.workCharged()
                ? Optional.of(
                        new RunPlan.Charge(facts.caller(), facts.estimate().workerSeconds(), "run:" + runId))
                : Optional.empty();
        return new RunPlan(
                run,
                measuredBundle.files(),
                head.map(h -> h.bundle().files()),
                oneSamplePerOperation(facts.samples()),
                stackRows,
                Optional.ofNullable(facts.ci()),
                job,
                charge,
                analysisView,
                identity.manageToken());
    }

    /**
     * What the run page and POST /api/v1/analyses say of the WSDL: its operations, styles and
     * warnings, and per stack whether it can build it.
     */
    static ObjectNode analysisView(
            ObjectMapper json,
            List<StackManifest> allStacks,
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
        Optional<String> wsdlBlocks = wsdlBlocks(analysis, operations, policies, policiesRemoved);
        ArrayNode stackVerdicts = view.putArray("stacks");
        for (StackManifest stack : allStacks) {
            Optional<String> why = joined(
                    Compatibility.whyNot(stack, needs(operations.values(), security, mtom, catalogId)), wsdlBlocks);
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

    /**
     * Every stack as the run page judges it: a stack the workload names at the version it chose (the
     * first of them that cannot build, when it names several), so a version that honours fewer modes
     * than its stack does not read "buildable"; the others as their manifests stand.
     */
    private static List<StackManifest> atChosenVersions(
            List<StackManifest> all,
            List<ResolvedStack> chosen,
            List<String> security,
            boolean mtom,
            Map<String, OperationInfo> operations,
            Optional<String> catalogId) {
        Compatibility.Needs needs = needs(operations.values(), security, mtom, catalogId);
        return all.stream()
                .map(manifest -> {
                    List<StackManifest> versions = chosen.stream()
                            .filter(stack -> stack.id().equals(manifest.id()))
                            .map(stack -> manifest.atVersion(stack.buildVersion()))
                            .toList();
                    return versions.stream()
                            .filter(version ->
                                    Compatibility.whyNot(version, needs).isPresent())
                            .findFirst()
                            .or(() -> versions.stream().findFirst())
                            .orElse(manifest);
                })
                .toList();
    }

    /** Not a stack's limit but the WSDL's: what rules it out for every stack alike, if anything. */
    private static Optional<String> wsdlBlocks(
            WsdlAnalysis analysis,
            Map<String, OperationInfo> operations,
            List<WsdlPolicies.Policy> policies,
            boolean policiesRemoved) {
        return joined(
                policiesRemoved ? Optional.empty() : Optional.ofNullable(WsdlPolicies.whyNotMeasured(policies)),
                Optional.ofNullable(SameRequest.whyNotMeasured(analysis.sameRequests(), operations.values())));
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
    private static ObjectNode headView(ObjectMapper json, HeadWsdl.Head head) {
        ObjectNode view = json.createObjectNode();
        view.put("fileName", head.fileName());
        view.put("entry", head.bundle().entry());
        view.put("stack", head.stack().id() + "@" + head.stack().version());
        ArrayNode operations = view.putArray("operations");
        head.operations().keySet().forEach(operations::add);
        return view;
    }

    private static List<Sample> oneSamplePerOperation(List<Sample> samples) {
        Map<String, Sample> byOperation = new LinkedHashMap<>();
        samples.forEach(sample -> byOperation.putIfAbsent(sample.operation(), sample));
        return List.copyOf(byOperation.values());
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
