package dev.soapbench.studies;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.common.JsonSchemas;
import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.limits.WorkEstimate;
import dev.soapbench.stacks.StackManifest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Expands the studies that ship in ../studies over made-up stack manifests. */
class StudyMatrixTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<Study> SHIPPED =
            Studies.load(Path.of("../studies"), Path.of("../studies/study.schema.json"), JSON);
    private static final JsonNode SEISMIC_DEFAULT = JSON.readTree(
            """
            {"operations":["matchQuakes"],"stacks":["cxf"],"load":{"model":"closed","connections":1,"requests":1000},
             "warmup":{"requests":1000},"repetitions":3,"keepAlive":true,"driver":"neutral","security":["plain"],
             "hardwareClass":"local"}""");

    private static final JsonNode SIMPLE_TYPES_DEFAULT = JSON.readTree(
            """
            {"operations":["simpleTypes"],"stacks":["cxf"],"load":{"model":"closed","connections":10,"requests":1000},
             "warmup":{"requests":500},"repetitions":3,"keepAlive":true,"driver":"neutral","security":["plain"]}""");
    private static final Function<String, Optional<StackManifest>> PLAIN_JAVA_STACKS =
            manifests(Map.of("cxf", List.of("plain"), "metro", List.of("plain"), "axis2", List.of("plain")));

    private final JsonSchemas schemas = new JsonSchemas();

    @Test
    void theThreeStudiesShip() {
        assertThat(SHIPPED).extracting(Study::id).containsExactly("sosnoski-2010", "wso2-2010", "xins-2007");
    }

    /**
     * A verdict needs {@link dev.soapbench.results.PairedComparison#MIN_ROUNDS} paired rounds: a
     * method with fewer repetitions could never give one.
     */
    @Test
    void everyMethodHasEnoughRepetitionsForAVerdict() {
        // A method's cells are compared on the page whether or not a claim reads them (XINS's
        // "corrected" ran 5 rounds and could only ever say "not enough data").
        for (Study study : SHIPPED) {
            study.matrix().methods().stream()
                    .filter(method -> method.repetitions() != null)
                    .forEach(method -> assertThat(method.repetitions())
                            .as(study.id() + " method " + method.id())
                            .isGreaterThanOrEqualTo(dev.soapbench.results.PairedComparison.MIN_ROUNDS));
        }
    }

    /**
     * A study run's cells are each one submission (WorkQuota.chargeRuns): with every stack claiming
     * every mode, each cell of each shipped study must fit the default size of one, at the study's
     * own repetitions, or the study could not be started as it ships.
     */
    @Test
    void everyCellOfEveryShippedStudyFitsOneSubmissionAtItsOwnRepetitions() {
        SoapBenchProperties.Limits limits = new SoapBenchProperties.Limits(null, null, null, null, null);
        WorkEstimate.Assumptions assumptions = WorkEstimate.Assumptions.from(limits);
        List<String> everyMode = List.of("plain", "username", "sign", "signencr");
        for (Study study : SHIPPED) {
            Map<String, List<String>> allModes = new java.util.HashMap<>();
            study.matrix().stacks().forEach(stack -> allModes.put(Study.stackId(stack), everyMode));
            List<StudyCellPlan> cells =
                    StudyMatrix.expand(study, SEISMIC_DEFAULT, manifests(allModes), StudyMatrix.Options.none());
            assertThat(cells).filteredOn(cell -> !cell.pending()).isNotEmpty().allSatisfy(cell -> assertThat(
                            WorkEstimate.of(cell.workload(), assumptions).workerSeconds())
                    .as(study.id() + " " + cell.id())
                    .isLessThanOrEqualTo(limits.maxWorkPerSubmission().toSeconds()));
        }
    }

    @Test
    void cellsNoStackSupportsArePendingAndNeverGetAWorkload() {
        List<StudyCellPlan> cells = StudyMatrix.expand(
                study("sosnoski-2010"), SEISMIC_DEFAULT, PLAIN_JAVA_STACKS, StudyMatrix.Options.none());

        assertThat(cells)
                .extracting(StudyCellPlan::id)
                .containsExactly(
                        "small/plain/c1/article",
                        "small/username/c1/article",
                        "small/sign/c1/article",
                        "small/signencr/c1/article",
                        "large/plain/c1/article",
                        "large/username/c1/article",
                        "large/sign/c1/article",
                        "large/signencr/c1/article");
        assertThat(cells).filteredOn(StudyCellPlan::pending).hasSize(6).allSatisfy(cell -> {
            assertThat(cell.workload()).isNull();
            assertThat(cell.pendingReason())
                    .startsWith("no stack of the study supports " + cell.security() + " yet")
                    .contains("cxf: supports plain only");
        });
        StudyCellPlan small = cells.get(0);
        assertThat(small.pending()).isFalse();
        assertThat(small.workload().at("/requests/dataset").asString()).isEqualTo("seismic/requests-small");
        assertThat(small.workload().at("/load/requests").asInt()).isEqualTo(1000);
        assertThat(small.workload().at("/load/connections").asInt()).isEqualTo(1);
        assertThat(small.workload().at("/repetitions").asInt()).isEqualTo(8);
        assertThat(small.workload().get("stacks").toString()).isEqualTo("[\"cxf\",\"metro\",\"axis2\"]");
        assertThat(cells.get(4).workload().at("/load/requests").asInt()).isEqualTo(100);
        assertThat(cells.get(4).workload().at("/requests/dataset").asString()).isEqualTo("seismic/requests-large");
        // One warm-up pass of each size's own sequence, not the catalog's 1,000 requests for both:
        // ten large passes before every measured one made a secured large cell take over an hour.
        assertThat(small.workload().at("/warmup/requests").asInt()).isEqualTo(1000);
        assertThat(cells.get(4).workload().at("/warmup/requests").asInt()).isEqualTo(100);
        cells.stream().filter(cell -> !cell.pending()).forEach(cell -> assertThat(
                        schemas.validate(JsonSchemas.WORKLOAD, cell.workload()))
                .as(cell.id())
                .isEmpty());
    }

    @Test
    void aCellRunsWithTheStacksThatSupportItAndListsTheOthersPending() {
        List<StudyCellPlan> cells = StudyMatrix.expand(
                study("sosnoski-2010"),
                SEISMIC_DEFAULT,
                manifests(Map.of("cxf", List.of("plain", "username"), "metro", List.of("plain"))),
                new StudyMatrix.Options(2, "local"));

        StudyCellPlan username = cells.get(1);
        assertThat(username.pending()).isFalse();
        assertThat(username.workload().get("stacks").toString()).isEqualTo("[\"cxf\"]");
        assertThat(username.workload().get("security").toString()).isEqualTo("[\"username\"]");
        assertThat(username.workload().get("repetitions").asInt()).isEqualTo(2);
        assertThat(username.stacks())
                .containsExactly(
                        new StudyCellPlan.StackPlan("cxf", false, null),
                        new StudyCellPlan.StackPlan("metro", true, "supports plain only"),
                        new StudyCellPlan.StackPlan("axis2", true, "no runner for this stack on this server"));
    }

    @Test
    void aProbeOfAVariantRunsTheVariantOfItsStack() {
        List<StudyCellPlan> cells = sosnoskiProbeCells("cxf-client-conduit");

        StudyCellPlan small = cells.get(0);
        assertThat(small.pending()).isFalse();
        assertThat(small.stacks())
                .first()
                .isEqualTo(new StudyCellPlan.StackPlan("cxf+urlconnection-client", false, null));
        assertThat(small.workload().get("stacks").toString())
                .isEqualTo("[\"cxf+urlconnection-client\",\"metro\",\"axis2\"]");
    }

    @Test
    void aProbeOfSomeSecurityModesLeavesTheOtherCellsPendingWithThatReason() {
        Study sosnoski = study("sosnoski-2010");
        Function<String, Optional<StackManifest>> allModes = manifests(Map.of(
                "cxf", List.of("plain", "username", "sign", "signencr"),
                "metro", List.of("plain", "username", "sign", "signencr"),
                "axis2", List.of("plain", "username", "sign", "signencr")));

        List<StudyCellPlan> cells = StudyMatrix.expand(
                sosnoski.probed(sosnoski.probeNamed("cxf-client-conduit").orElseThrow()),
                SEISMIC_DEFAULT,
                allModes,
                StudyMatrix.Options.none());

        // Every cell of the study stays in the probe's run, so its page lists them all.
        assertThat(cells).hasSize(8);
        assertThat(cells.stream().filter(cell -> !cell.pending()).map(StudyCellPlan::security))
                .containsExactly("plain", "username", "plain", "username");
        StudyCellPlan sign = firstCellIn(cells, "sign");
        assertThat(sign.workload()).isNull();
        assertThat(sign.pendingReason())
                .isEqualTo("not measured by this probe, which measures plain, username cells only");
        assertThat(sign.stacks())
                .first()
                .isEqualTo(new StudyCellPlan.StackPlan(
                        "cxf+urlconnection-client",
                        true,
                        "not measured by this probe, which measures plain, username cells only"));
        assertThat(firstCellIn(cells, "username").workload().get("stacks").toString())
                .isEqualTo("[\"cxf+urlconnection-client\",\"metro\",\"axis2\"]");
    }

    @Test
    void theWarmClientsProbeWarmsEachMeasurementWithTenPassesOfItsOwnSequence() {
        Study sosnoski = study("sosnoski-2010");
        Study probed = sosnoski.probed(sosnoski.probeNamed("warm-clients").orElseThrow());
        List<StudyCellPlan> cells =
                StudyMatrix.expand(probed, SEISMIC_DEFAULT, PLAIN_JAVA_STACKS, StudyMatrix.Options.none());

        // 1,000 small requests a pass, 100 large ones: ten passes each, in place of the study's one.
        assertThat(cells.get(0).workload().at("/warmup/requests").asInt()).isEqualTo(10_000);
        assertThat(firstCellIn(cells.subList(4, 8), "plain")
                        .workload()
                        .at("/warmup/requests")
                        .asInt())
                .isEqualTo(1_000);
        assertThat(probed.matrix().methods().get(0).description())
                .startsWith(sosnoski.matrix().methods().get(0).description())
                .endsWith("This probe warms up with 10 untimed passes of the sequence instead.");
        assertThat(firstCellIn(cells, "sign").pending()).isTrue();
    }

    @Test
    void aProbeMayWarmTheClientsAndRunAVariantAtOnce() {
        List<StudyCellPlan> cells = sosnoskiProbeCells("warm-urlconnection");

        StudyCellPlan small = cells.get(0);
        assertThat(small.workload().get("stacks").toString())
                .isEqualTo("[\"cxf+urlconnection-client\",\"metro\",\"axis2\"]");
        assertThat(small.workload().at("/warmup/requests").asInt()).isEqualTo(10_000);
        assertThat(firstCellIn(cells, "sign").pending()).isTrue();
    }

    /** The cells of a Sosnoski probe's run, on a server with the plain Java stacks. */
    private static List<StudyCellPlan> sosnoskiProbeCells(String probe) {
        Study sosnoski = study("sosnoski-2010");
        return StudyMatrix.expand(
                sosnoski.probed(sosnoski.probeNamed(probe).orElseThrow()),
                SEISMIC_DEFAULT,
                PLAIN_JAVA_STACKS,
                StudyMatrix.Options.none());
    }

    @Test
    void anOlderVersionThatHonoursFewerModesIsPendingInTheirCells() {
        Study sosnoski = study("sosnoski-2010");
        Function<String, Optional<StackManifest>> known = manifests(Map.of(
                "cxf", List.of("plain", "sign"), "metro", List.of("plain", "sign"), "axis2", List.of("plain", "sign")));
        // Metro 2.3.7 honours plain only, as its shipped manifest says.
        Function<String, Optional<StackManifest>> metroNarrowed = id -> known.apply(id)
                .map(m -> id.equals("metro")
                        ? withVersions(
                                m,
                                List.of(
                                        new StackManifest.Version("1.0", null),
                                        new StackManifest.Version("2.3.7", null, List.of("plain"))))
                        : m);

        List<StudyCellPlan> cells = StudyMatrix.expand(
                sosnoski.probed(sosnoski.probeNamed("older-lines").orElseThrow()),
                SEISMIC_DEFAULT,
                metroNarrowed,
                StudyMatrix.Options.none());

        StudyCellPlan sign = firstCellIn(cells, "sign");
        assertThat(sign.stacks()).contains(new StudyCellPlan.StackPlan("metro@2.3.7", true, "supports plain only"));
        assertThat(sign.workload().get("stacks").toString()).isEqualTo("[\"cxf@3.6.10\",\"axis2@1.8.2\"]");
        assertThat(firstCellIn(cells, "plain").stacks())
                .contains(new StudyCellPlan.StackPlan("metro@2.3.7", false, null));
    }

    @Test
    void methodsOverrideTheCatalogWorkload() {
        List<StudyCellPlan> cells = StudyMatrix.expand(
                study("xins-2007"), SIMPLE_TYPES_DEFAULT, PLAIN_JAVA_STACKS, StudyMatrix.Options.none());

        assertThat(cells)
                .extracting(StudyCellPlan::id)
                .containsExactly("simple-types/plain/c10/article", "simple-types/plain/c10/corrected");
        JsonNode article = cells.get(0).workload();
        assertThat(article.get("keepAlive").asBoolean()).isFalse();
        assertThat(article.at("/warmup/requests").asInt()).isZero();
        assertThat(article.at("/load/requests").asInt()).isEqualTo(100);
        // The article's 100 requests, not the service's 2 s minimum.
        assertThat(article.at("/load/minSeconds").asDouble()).isZero();
        assertThat(article.has("requests")).isFalse();
        assertThat(article.at("/warmup/cold").isMissingNode()).isTrue();
        JsonNode corrected = cells.get(1).workload();
        assertThat(corrected.get("keepAlive").asBoolean()).isTrue();
        assertThat(corrected.at("/warmup/seconds").asDouble()).isEqualTo(15.0);
        assertThat(corrected.at("/load/requests").asInt()).isEqualTo(20000);
        assertThat(schemas.validate(JsonSchemas.WORKLOAD, article)).isEmpty();
        assertThat(schemas.validate(JsonSchemas.WORKLOAD, corrected)).isEmpty();
    }

    @Test
    void theColdStartProbeRunsEveryMethodOnAServerStartedBeforeEachMeasurement() {
        Study xins = study("xins-2007");

        List<StudyCellPlan> cells = StudyMatrix.expand(
                xins.probed(xins.probeNamed("cold-start").orElseThrow()),
                SIMPLE_TYPES_DEFAULT,
                PLAIN_JAVA_STACKS,
                StudyMatrix.Options.none());

        // The same cells, so the claims on "article" find them in the probe's run.
        assertThat(cells)
                .extracting(StudyCellPlan::id)
                .containsExactly("simple-types/plain/c10/article", "simple-types/plain/c10/corrected");
        for (StudyCellPlan cell : cells) {
            JsonNode workload = cell.workload();
            assertThat(workload.at("/warmup/cold").asBoolean()).isTrue();
            assertThat(workload.at("/load/minSeconds").asDouble()).isZero();
            assertThat(schemas.validate(JsonSchemas.WORKLOAD, workload)).isEmpty();
        }
        JsonNode article = cells.get(0).workload();
        assertThat(article.at("/load/requests").asInt()).isEqualTo(100);
        assertThat(article.at("/warmup/requests").asInt()).isZero();
        assertThat(cells.get(1).workload().at("/warmup/requests").asInt()).isEqualTo(5000);
    }

    private static Study study(String id) {
        return SHIPPED.stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void aNativeStudyTimesTheStacksOwnClientsAndLeavesStacksWithoutOnePending() {
        Function<String, Optional<StackManifest>> known = PLAIN_JAVA_STACKS;
        Function<String, Optional<StackManifest>> metroWithoutClient =
                id -> known.apply(id).map(m -> id.equals("metro") ? withoutNativeClient(m) : m);

        List<StudyCellPlan> cells = StudyMatrix.expand(
                study("sosnoski-2010"), SEISMIC_DEFAULT, metroWithoutClient, StudyMatrix.Options.none());

        StudyCellPlan small = cells.get(0);
        assertThat(small.workload().get("driver").asString()).isEqualTo("native");
        assertThat(small.workload().get("stacks").toString()).isEqualTo("[\"cxf\",\"axis2\"]");
        assertThat(small.stacks())
                .contains(new StudyCellPlan.StackPlan(
                        "metro", true, "has no native client yet (the study times each stack's own client)"));
        assertThat(schemas.validate(JsonSchemas.WORKLOAD, small.workload())).isEmpty();

        List<StudyCellPlan> neutral =
                StudyMatrix.expand(study("wso2-2010"), SEISMIC_DEFAULT, known, StudyMatrix.Options.none());
        assertThat(neutral)
                .filteredOn(cell -> !cell.pending() && cell.security().equals("plain"))
                .isNotEmpty()
                .allSatisfy(cell ->
                        assertThat(cell.workload().get("driver").asString()).isEqualTo("neutral"));
    }

    @Test
    void aNeutralDriverStudyWithASecuredDriverMeasuresItsSecuredCellsWithTheStacksOwnClients() {
        List<StudyCellPlan> cells = expandWithCxfInSignencrAndMetroPlainOnly(study("wso2-2010"));

        StudyCellPlan signencr = firstCellIn(cells, "signencr");
        assertThat(signencr.pending()).isFalse();
        assertThat(signencr.workload().get("driver").asString()).isEqualTo("native");
        assertThat(signencr.workload().get("stacks").toString())
                .contains("\"cxf\"")
                .doesNotContain("metro");
        assertThat(signencr.stacks()).contains(new StudyCellPlan.StackPlan("metro", true, "supports plain only"));
        assertThat(schemas.validate(JsonSchemas.WORKLOAD, signencr.workload())).isEmpty();
        assertThat(firstCellIn(cells, "plain").workload().get("driver").asString())
                .isEqualTo("neutral");
    }

    @Test
    void aSecuredCellIsPendingInAProbeThatMovesANativeStudyToTheNeutralDriver() {
        Study sosnoski = study("sosnoski-2010");
        List<StudyCellPlan> cells = expandWithCxfInSignencrAndMetroPlainOnly(
                sosnoski.probed(sosnoski.probeNamed("neutral-driver").orElseThrow()));

        StudyCellPlan signencr = firstCellIn(cells, "signencr");
        assertThat(signencr.pending()).isTrue();
        assertThat(signencr.workload()).isNull();
        assertThat(signencr.stacks())
                .contains(
                        new StudyCellPlan.StackPlan(
                                "cxf",
                                true,
                                "is measured in signencr with its own client only; this study uses the neutral driver"),
                        new StudyCellPlan.StackPlan("metro", true, "supports plain only"));
    }

    private static List<StudyCellPlan> expandWithCxfInSignencrAndMetroPlainOnly(Study study) {
        return StudyMatrix.expand(
                study,
                SEISMIC_DEFAULT,
                manifests(Map.of("cxf", List.of("plain", "signencr"), "metro", List.of("plain"))),
                StudyMatrix.Options.none());
    }

    private static StudyCellPlan firstCellIn(List<StudyCellPlan> cells, String security) {
        return cells.stream()
                .filter(cell -> cell.security().equals(security))
                .findFirst()
                .orElseThrow();
    }

    private static StackManifest withoutNativeClient(StackManifest m) {
        StackManifest.Features f = m.features();
        return new StackManifest(
                m.id(),
                m.displayName(),
                m.language(),
                m.description(),
                m.versions(),
                m.container(),
                new StackManifest.Features(f.soapVersions(), f.styles(), f.mtom(), f.security(), false),
                m.catalog(),
                m.knownDefects());
    }

    private static StackManifest withVersions(StackManifest m, List<StackManifest.Version> versions) {
        return new StackManifest(
                m.id(),
                m.displayName(),
                m.language(),
                m.description(),
                versions,
                m.container(),
                m.features(),
                m.catalog(),
                m.knownDefects());
    }

    private static Function<String, Optional<StackManifest>> manifests(Map<String, List<String>> security) {
        return id -> Optional.ofNullable(security.get(id))
                .map(modes -> new StackManifest(
                        id,
                        id,
                        "Java",
                        null,
                        List.of(new StackManifest.Version("1.0", null)),
                        "test",
                        new StackManifest.Features(
                                List.of("1.1"), List.of("document-literal-wrapped"), false, modes, true),
                        List.of(),
                        List.of()));
    }
}
