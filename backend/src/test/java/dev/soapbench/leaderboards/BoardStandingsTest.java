package dev.soapbench.leaderboards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.soapbench.results.StoredMeasurement;
import dev.soapbench.results.Summaries;
import dev.soapbench.runs.RunResult;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class BoardStandingsTest {

    static final OffsetDateTime DAY = OffsetDateTime.of(2026, 11, 20, 12, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void theStandingRanksByPairedVerdictAndCarriesEveryStackWithItsIntervals() {
        BoardPage.Standing standing = BoardStandings.standing(
                        BoardFixtures.board("plain"), BoardFixtures.run(8, BoardFixtures.fingerprint("6.1.0"), DAY))
                .orElseThrow();

        assertThat(standing.enoughData()).isTrue();
        assertThat(standing.leader()).isEqualTo("gsoap@2.8.124");
        assertThat(standing.basis())
                .contains("official run slug-8-")
                .contains("worker-1")
                .contains("2026-11-20");
        assertThat(standing.machine()).isEqualTo("Test CPU, 2 cores, 24 GiB, kernel 6.1.0");
        assertThat(standing.entries()).extracting(BoardPage.Entry::stack).containsExactly("gsoap", "cxf", "axis2");

        BoardPage.Entry gsoap = standing.entries().get(0);
        assertThat(gsoap.band()).isEqualTo(1);
        assertThat(gsoap.ratioToLeader()).isNull();
        // p99 of the rounds is 3..10 ms: median 6.5 with an order-statistic interval inside the range.
        assertThat(gsoap.p99Ms().median()).isEqualTo(6.5);
        assertThat(gsoap.p99Ms().low()).isGreaterThanOrEqualTo(3.0);
        assertThat(gsoap.p99Ms().high()).isLessThanOrEqualTo(10.0);
        assertThat(gsoap.cpuSecondsPer1000Requests()).isCloseTo(0.1, within(1e-9));

        BoardPage.Entry cxf = standing.entries().get(1);
        assertThat(cxf.band()).isEqualTo(2);
        assertThat(cxf.ratioToLeader().verdict()).isEqualTo("slower");
        assertThat(cxf.ratioToLeader().ratio()).isCloseTo(0.5, within(0.01));
        assertThat(cxf.cpuSecondsPer1000Requests()).isCloseTo(0.3, within(1e-9));

        BoardPage.Entry axis2 = standing.entries().get(2);
        assertThat(axis2.ranked()).isFalse();
        assertThat(axis2.band()).isNull();
        assertThat(axis2.throughput()).isNull();
        assertThat(axis2.reason()).isEqualTo("not measured: build failed (javac: error)");
    }

    @Test
    void tooFewRoundsGiveNoBands() {
        BoardPage.Standing standing = BoardStandings.standing(
                        BoardFixtures.board("plain"), BoardFixtures.run(2, BoardFixtures.fingerprint("6.1.0"), DAY))
                .orElseThrow();

        assertThat(standing.enoughData()).isFalse();
        assertThat(standing.notEnoughData()).contains("not enough data");
        assertThat(standing.entries())
                .allSatisfy(entry -> assertThat(entry.band()).isNull());
    }

    @Test
    void aLoneStackIsMeasuredButNotRanked() {
        List<StoredMeasurement> measurements = new ArrayList<>();
        for (int round = 1; round <= 8; round++) {
            measurements.add(BoardFixtures.measurement("gsoap", "2.8.124", round, 4000 + round, 3.0, 0.2));
        }
        RunResult lone = new RunResult(
                UUID.randomUUID(),
                "lone",
                "completed",
                null,
                DAY,
                DAY,
                "echo",
                "local",
                BoardFixtures.JSON.createObjectNode(),
                BoardFixtures.fingerprint("6.1.0"),
                "worker-1",
                null,
                List.of(new RunResult.StackResult("gsoap", "gSOAP", "2.8.124", "done", null, null)),
                measurements.stream().map(StoredMeasurement::data).toList(),
                Summaries.summarise(measurements));

        BoardPage.Standing standing =
                BoardStandings.standing(BoardFixtures.board("plain"), lone).orElseThrow();

        assertThat(standing.enoughData()).isFalse();
        assertThat(standing.notEnoughData()).isEqualTo("one stack measured, nothing to compare it with");
        assertThat(standing.basis()).startsWith("Figures of official run lone").contains("no bands");
        assertThat(standing.entries()).singleElement().satisfies(entry -> {
            assertThat(entry.band()).isNull();
            assertThat(entry.ranked()).isFalse();
            assertThat(entry.throughput().median()).isEqualTo(4004.5);
        });
        assertThat(BoardStandings.values(BoardFixtures.board("plain"), lone))
                .singleElement()
                .satisfies(value -> assertThat(value.band()).isNull());
    }

    @Test
    void aBoardOfAnotherSecurityModeHasNoCellInThisRun() {
        assertThat(BoardStandings.standing(
                        BoardFixtures.board("sign"), BoardFixtures.run(8, BoardFixtures.fingerprint("6.1.0"), DAY)))
                .isEmpty();
    }
}
