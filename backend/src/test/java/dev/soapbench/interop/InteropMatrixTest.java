package dev.soapbench.interop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.runs.InteropRuns;
import dev.soapbench.stacks.StackManifest;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class InteropMatrixTest {

    private static final StackManifest CXF = manifest("cxf", "Apache CXF", false);
    private static final StackManifest GSOAP = manifest("gsoap", "gSOAP", true);

    @Test
    void everyClientServerAndModeHasACellPendingUntilReported() {
        ObjectNode view = InteropMatrix.of(run(stack("cxf", "done"), stack("gsoap", "done")), List.of(), this::find);

        assertThat(view.get("cells")).hasSize(2 * 2 * 2);
        view.get("cells")
                .forEach(cell -> assertThat(cell.get("outcome").asString()).isEqualTo("pending"));
        assertThat(view.at("/stacks/0/client").asBoolean()).isFalse();
        assertThat(view.at("/stacks/1/client").asBoolean()).isTrue();
        assertThat(view.at("/stacks/1/displayName").asString()).isEqualTo("gSOAP");
        assertThat(view.at("/run/shareUrl").asString()).isEqualTo("/interop/" + RUN_ID);
    }

    @Test
    void theCostIsReadAgainstPlainOnlyWhenBothPassed() {
        List<InteropCell> cells = List.of(
                passed("gsoap", "cxf", "plain", 1000.0, 2.0),
                passed("gsoap", "cxf", "sign", 250.0, 8.0),
                failed("gsoap", "gsoap", "plain", "server: verify failed"),
                passed("gsoap", "gsoap", "sign", 100.0, 1.0));
        ObjectNode view = InteropMatrix.of(run(stack("cxf", "done"), stack("gsoap", "done")), cells, this::find);

        JsonNode secured = cell(view, "gsoap", "cxf", "sign");
        assertThat(secured.at("/cost/throughputRatio").asDouble()).isEqualTo(0.25);
        assertThat(secured.at("/cost/p99Ratio").asDouble()).isEqualTo(4.0);
        assertThat(secured.at("/plain/p99Ms").asDouble()).isEqualTo(2.0);
        assertThat(cell(view, "gsoap", "cxf", "plain").has("cost")).isFalse();
        JsonNode withoutBaseline = cell(view, "gsoap", "gsoap", "sign");
        assertThat(withoutBaseline.has("plain")).isFalse();
        assertThat(withoutBaseline.has("cost")).isFalse();
    }

    @Test
    void aFailedSecuredCellShowsPlainButNoCost() {
        List<InteropCell> cells = List.of(
                passed("gsoap", "cxf", "plain", 1000.0, 2.0), failed("gsoap", "cxf", "sign", "soap:Client: bad"));
        ObjectNode view = InteropMatrix.of(run(stack("cxf", "done"), stack("gsoap", "done")), cells, this::find);

        JsonNode secured = cell(view, "gsoap", "cxf", "sign");
        assertThat(secured.get("outcome").asString()).isEqualTo("fail");
        assertThat(secured.get("reason").asString()).isEqualTo("soap:Client: bad");
        assertThat(secured.has("plain")).isTrue();
        assertThat(secured.has("cost")).isFalse();
    }

    @Test
    void aStackLeftOutAtSubmissionMakesItsCellsUnsupportedWithItsReasonOnceTheRunEnded() {
        ObjectNode view = InteropMatrix.of(
                run("completed", stack("cxf", "unsupported", "unsupported: rpc-encoded"), stack("gsoap", "done")),
                List.of(),
                this::find);

        assertThat(cell(view, "gsoap", "cxf", "plain").get("reason").asString())
                .isEqualTo("server: unsupported: rpc-encoded");
        assertThat(cell(view, "cxf", "gsoap", "sign").get("reason").asString())
                .isEqualTo("client: unsupported: rpc-encoded");
        assertThat(cell(view, "gsoap", "gsoap", "plain").get("outcome").asString())
                .isEqualTo("pending");
    }

    @Test
    void whileTheRunGoesOnAStackRefusedInOneModeLeavesItsOtherCellsPending() {
        // The stack's state is one for all its modes: unsupported after its sign build was refused,
        // while its plain server is still to be driven.
        ObjectNode view = InteropMatrix.of(
                run(
                        "running",
                        stack("cxf", "done"),
                        stack("gsoap", "unsupported", "unsupported: security mode sign: not claimed")),
                List.of(),
                this::find);

        assertThat(cell(view, "cxf", "gsoap", "plain").get("outcome").asString())
                .isEqualTo("pending");
        assertThat(cell(view, "gsoap", "cxf", "plain").get("outcome").asString())
                .isEqualTo("pending");
    }

    @Test
    void aZeroBaselineGivesNoRatio() {
        List<InteropCell> cells =
                List.of(passed("gsoap", "cxf", "plain", 0.0, 0.0), passed("gsoap", "cxf", "sign", 10.0, 1.0));
        ObjectNode view = InteropMatrix.of(run(stack("cxf", "done"), stack("gsoap", "done")), cells, this::find);

        assertThat(cell(view, "gsoap", "cxf", "sign").has("cost")).isFalse();
    }

    @Test
    void aReasonIsKeptToFiveHundredCharacters() {
        JsonNode payload = JsonMapper.shared()
                .readTree(
                        "{\"client\":{\"stack\":\"a\",\"version\":\"1\"},\"server\":{\"stack\":\"b\",\"version\":\"2\"},"
                                + "\"security\":\"plain\",\"outcome\":\"fail\",\"reason\":\"" + "x".repeat(900)
                                + "\"}");
        assertThat(InteropCells.of(payload).reason()).hasSize(500);
    }

    private static final UUID RUN_ID = UUID.fromString("6f1d4d43-5a43-4d6f-9a39-2b8a0d1f6c11");

    private Optional<StackManifest> find(String id) {
        return Optional.ofNullable(id.equals("cxf") ? CXF : id.equals("gsoap") ? GSOAP : null);
    }

    private static InteropRuns.Stack stack(String id, String status) {
        return stack(id, status, null);
    }

    private static InteropRuns.Stack stack(String id, String status, String reason) {
        return new InteropRuns.Stack(id, version(id), status, reason);
    }

    private static String version(String id) {
        return id.equals("cxf") ? "4.2.3" : "2.8.124";
    }

    private static InteropRuns.InteropRun run(InteropRuns.Stack... stacks) {
        return run("running", stacks);
    }

    private static InteropRuns.InteropRun run(String status, InteropRuns.Stack... stacks) {
        return new InteropRuns.InteropRun(
                RUN_ID,
                "slug",
                status,
                OffsetDateTime.parse("2026-11-27T10:00:00Z"),
                "echo",
                null,
                "echo.wsdl",
                List.of("plain", "sign"),
                List.of(stacks),
                JsonMapper.shared().readTree("{\"requests\":200,\"connections\":1,\"warmupRequests\":20}"));
    }

    private static InteropCell passed(String client, String server, String mode, double rps, double p99) {
        return new InteropCell(
                client,
                version(client),
                server,
                version(server),
                mode,
                "pass",
                "",
                200,
                0,
                rps,
                p99 / 2,
                p99,
                0.4,
                1000L);
    }

    private static InteropCell failed(String client, String server, String mode, String reason) {
        return new InteropCell(
                client,
                version(client),
                server,
                version(server),
                mode,
                "fail",
                reason,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    private static JsonNode cell(ObjectNode view, String client, String server, String mode) {
        String clientName = client + "@" + version(client);
        String serverName = server + "@" + version(server);
        for (JsonNode cell : view.get("cells")) {
            if (cell.get("client").asString().equals(clientName)
                    && cell.get("server").asString().equals(serverName)
                    && cell.get("security").asString().equals(mode)) {
                return cell;
            }
        }
        throw new AssertionError("no cell " + clientName + " x " + serverName + " " + mode);
    }

    private static StackManifest manifest(String id, String displayName, boolean nativeClient) {
        return new StackManifest(
                id,
                displayName,
                "Java",
                "",
                List.of(new StackManifest.Version(version(id), null)),
                "",
                new StackManifest.Features(List.of("1.1"), List.of(), false, List.of("plain"), nativeClient),
                List.of(),
                List.of(),
                List.of());
    }
}
