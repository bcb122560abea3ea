package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.WorkloadDefaults;
import dev.soapbench.limits.WorkEstimate;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.stacks.StackManifest;
import dev.soapbench.wsdl.OperationInfo;
import dev.soapbench.wsdl.Sample;
import dev.soapbench.wsdl.SampleGenerator;
import dev.soapbench.wsdl.WsdlAnalysis;
import dev.soapbench.wsdl.WsdlAnalyzer;
import dev.soapbench.wsdl.WsdlBundle;
import dev.soapbench.wsdl.WsdlBundles;
import java.io.IOException;
import java.io.InputStream;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The plan step of a submission, in plain code: what is stored, decided without a database. */
class RunPlannerTest {

    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC);

    private static final StackManifest DOCUMENT_STACK = stack("docs", List.of("document-literal-wrapped"));
    private static final StackManifest RPC_STACK = stack("rpc", List.of("rpc-literal"));

    private static StackManifest stack(String id, List<String> styles) {
        return stack(id, styles, List.of("plain"));
    }

    private static StackManifest stack(String id, List<String> styles, List<String> security) {
        return new StackManifest(
                id,
                id,
                "Java",
                null,
                List.of(new StackManifest.Version("1.0", null)),
                "jvm",
                new StackManifest.Features(List.of("1.1"), styles, false, security, false),
                List.of(),
                List.of());
    }

    private static SubmissionFacts echoOn(Caller caller, boolean workCharged, StackManifest... manifests)
            throws IOException {
        return echoOn(caller, workCharged, List.of(), manifests);
    }

    private static SubmissionFacts echoOn(
            Caller caller, boolean workCharged, List<String> security, StackManifest... manifests) throws IOException {
        byte[] wsdl;
        try (InputStream in = RunPlannerTest.class.getResourceAsStream("/wsdl/echo/echo.wsdl")) {
            wsdl = in.readAllBytes();
        }
        WsdlBundle bundle = WsdlBundles.fromUpload("echo.wsdl", wsdl, null);
        WsdlAnalysis analysis = new WsdlAnalyzer().analyze(bundle);
        Map<String, OperationInfo> operations = new LinkedHashMap<>();
        analysis.operations().stream()
                .filter(operation -> !operation.oneWay())
                .forEach(operation -> operations.putIfAbsent(operation.name(), operation));
        List<Sample> samples = new SampleGenerator().generate(bundle, analysis);
        ObjectNode workload = JSON.createObjectNode();
        workload.put("wsdl", "upload");
        workload.putArray("stacks");
        for (StackManifest manifest : manifests) {
            workload.withArray("stacks").add(manifest.id());
        }
        if (!security.isEmpty()) {
            security.forEach(workload.putArray("security")::add);
            workload.put("driver", "native");
        }
        return new SubmissionFacts(
                caller,
                workCharged,
                null,
                "public",
                // As the submission hands it on: with the schema's defaults written out.
                WorkloadDefaults.applyTo(workload),
                new WorkEstimate(120, manifests.length, 1, 1, 60),
                "local",
                null,
                "echo.wsdl",
                bundle,
                analysis,
                operations,
                List.of(manifests).stream()
                        .map(manifest -> new ResolvedStack(manifest, "1.0"))
                        .toList(),
                samples,
                List.copyOf(operations.keySet()).stream()
                        .map(name -> samples.stream()
                                .filter(sample -> sample.operation().equals(name))
                                .findFirst()
                                .orElseThrow())
                        .toList(),
                Optional.empty(),
                Optional.empty(),
                List.of(manifests));
    }

    private static RunPlanner.Identity identity(Optional<String> manageToken) {
        return new RunPlanner.Identity(UUID.randomUUID(), "slug", manageToken, NOW);
    }

    @Test
    void aStackThatCannotBuildTheWsdlIsStoredUnsupportedAndLeftOutOfTheJob() throws IOException {
        RunPlanner.Identity identity = identity(Optional.empty());
        Caller caller = new Caller(Optional.of(UUID.randomUUID()));

        RunPlan plan = RunPlanner.plan(echoOn(caller, false, DOCUMENT_STACK, RPC_STACK), identity, JSON);

        assertThat(plan.run().status()).isEqualTo(RunStatus.QUEUED);
        assertThat(plan.run().finishedAt()).isNull();
        assertThat(plan.stacks())
                .extracting(StackRow::stackId, StackRow::status)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("docs", RunStatus.STACK_PENDING),
                        org.assertj.core.groups.Tuple.tuple("rpc", RunStatus.STACK_UNSUPPORTED));
        assertThat(plan.stacks().get(1).reason()).startsWith("does not support document-literal-wrapped bindings");
        assertThat(plan.job().orElseThrow().stacks())
                .extracting(job -> job.id())
                .containsExactly("docs");
        assertThat(plan.charge()).contains(new RunPlan.Charge(caller, 120, "run:" + identity.runId()));
    }

    @Test
    void aStackThatHonoursSomeOfTheAskedSecurityModesIsMeasuredInThoseAndOneThatHonoursNoneIsLeftOut()
            throws IOException {
        StackManifest signing = stack("signing", List.of("document-literal-wrapped"), List.of("plain", "sign"));
        StackManifest plainOnly = stack("plain-only", List.of("document-literal-wrapped"), List.of("plain"));

        RunPlan plan = RunPlanner.plan(
                echoOn(Caller.anonymous(), false, List.of("sign", "signencr"), signing, plainOnly),
                identity(Optional.empty()),
                JSON);

        // signencr is the signing stack's mode outcome, from its runner; the stack goes to the worker.
        assertThat(plan.stacks())
                .extracting(StackRow::stackId, StackRow::status)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("signing", RunStatus.STACK_PENDING),
                        org.assertj.core.groups.Tuple.tuple("plain-only", RunStatus.STACK_UNSUPPORTED));
        assertThat(plan.stacks().get(1).reason())
                .contains("does not support security mode 'sign'")
                .contains("does not support security mode 'signencr'");
        assertThat(plan.job().orElseThrow().stacks())
                .extracting(job -> job.id())
                .containsExactly("signing");
        // The form and the run page judge the stacks alike.
        assertThat(plan.analysisView().path("stacks").get(0).path("buildable").asBoolean())
                .isTrue();
        assertThat(plan.analysisView().path("stacks").get(1).path("reason").asString())
                .isEqualTo(plan.stacks().get(1).reason());
    }

    @Test
    void aVersionThatDoesNotHonourTheAskedModeIsLeftOutThoughTheStackClaimsIt() throws IOException {
        // The runs are of version 1.0 (echoOn), which honours plain only; 2.0 also signs.
        StackManifest narrowed = new StackManifest(
                "narrowed",
                "narrowed",
                "Java",
                null,
                List.of(
                        new StackManifest.Version("2.0", null),
                        new StackManifest.Version("1.0", null, List.of("plain"))),
                "jvm",
                new StackManifest.Features(
                        List.of("1.1"), List.of("document-literal-wrapped"), false, List.of("plain", "sign"), false),
                List.of(),
                List.of());
        StackManifest signing = stack("signing", List.of("document-literal-wrapped"), List.of("plain", "sign"));

        RunPlan plan = RunPlanner.plan(
                echoOn(Caller.anonymous(), false, List.of("sign"), narrowed, signing),
                identity(Optional.empty()),
                JSON);

        assertThat(plan.stacks())
                .extracting(StackRow::stackId, StackRow::status)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("narrowed", RunStatus.STACK_UNSUPPORTED),
                        org.assertj.core.groups.Tuple.tuple("signing", RunStatus.STACK_PENDING));
        assertThat(plan.stacks().get(0).reason()).isEqualTo("does not support security mode 'sign'");
        assertThat(plan.job().orElseThrow().stacks())
                .extracting(job -> job.id())
                .containsExactly("signing");
        // The run page's analysis judges the version the run chose, not the stack's widest claim.
        JsonNode narrowedVerdict = plan.analysisView().get("stacks").get(0);
        assertThat(narrowedVerdict.get("id").asString()).isEqualTo("narrowed");
        assertThat(narrowedVerdict.get("buildable").asBoolean()).isFalse();
        assertThat(narrowedVerdict.get("reason").asString()).isEqualTo("does not support security mode 'sign'");
        assertThat(plan.analysisView().get("stacks").get(1).get("buildable").asBoolean())
                .isTrue();
    }

    @Test
    void whenNoStackCanBuildTheWsdlTheRunFailsAtOnceWithNoJobAndNoCharge() throws IOException {
        RunPlan plan = RunPlanner.plan(echoOn(Caller.anonymous(), false, RPC_STACK), identity(Optional.empty()), JSON);

        assertThat(plan.run().status()).isEqualTo(RunStatus.FAILED);
        assertThat(plan.run().finishedAt()).isEqualTo(NOW);
        assertThat(plan.run().failure())
                .startsWith("None of the selected stacks can build this WSDL: rpc does not support");
        assertThat(plan.job()).isEmpty();
        assertThat(plan.charge()).isEmpty();
    }

    @Test
    void aRunWhoseWorkWasChargedAlreadyIsNotChargedAgain() throws IOException {
        RunPlan plan =
                RunPlanner.plan(echoOn(Caller.anonymous(), true, DOCUMENT_STACK), identity(Optional.empty()), JSON);

        assertThat(plan.job()).isPresent();
        assertThat(plan.charge()).isEmpty();
    }

    @Test
    void theManageTokenIsAnsweredButOnlyItsHashIsStored() throws IOException {
        RunPlan plan = RunPlanner.plan(
                echoOn(Caller.anonymous(), false, DOCUMENT_STACK), identity(Optional.of("secret")), JSON);

        assertThat(plan.manageToken()).contains("secret");
        assertThat(plan.run().manageTokenSha256()).isEqualTo(ManageTokens.sha256("secret"));
    }

    @Test
    void theAnalysisJudgesEveryKnownStackAsTheStoredStacksAreJudged() throws IOException {
        RunPlan plan = RunPlanner.plan(
                echoOn(Caller.anonymous(), false, DOCUMENT_STACK, RPC_STACK), identity(Optional.empty()), JSON);

        assertThat(plan.analysisView().path("stacks").get(0).path("buildable").asBoolean())
                .isTrue();
        assertThat(plan.analysisView().path("stacks").get(1).path("reason").asString())
                .isEqualTo(plan.stacks().get(1).reason());
    }
}
