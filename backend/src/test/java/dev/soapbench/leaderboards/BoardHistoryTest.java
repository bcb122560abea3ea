package dev.soapbench.leaderboards;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.runs.RunResult;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoardHistoryTest {

    static final OffsetDateTime DAY = OffsetDateTime.of(2026, 11, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void aNewMachineOrANewWorkloadStartsASegmentAndSaysWhy() {
        RunResult first = BoardFixtures.run(8, BoardFixtures.fingerprint("6.1.0"), DAY);
        RunResult second = BoardFixtures.run(8, BoardFixtures.fingerprint("6.1.0"), DAY.plusDays(7));
        RunResult newKernel = BoardFixtures.run(8, BoardFixtures.fingerprint("6.12.0"), DAY.plusDays(14));
        RunResult newWorkload = BoardFixtures.run(8, BoardFixtures.fingerprint("6.12.0"), DAY.plusDays(21));

        BoardHistory history = BoardHistory.of(
                BoardFixtures.board("plain"),
                List.of(newWorkload, newKernel, second, first),
                List.of("w2", "w1", "w1", "w1"));

        assertThat(history.points())
                .extracting(BoardPage.HistoryPoint::runId)
                .containsExactly(first.id(), second.id(), newKernel.id(), newWorkload.id());
        assertThat(history.points()).extracting(BoardPage.HistoryPoint::segment).containsExactly(1, 1, 2, 3);
        assertThat(history.segments()).hasSize(3);
        assertThat(history.segments().get(0).change()).isNull();
        assertThat(history.segments().get(0).until()).isEqualTo(DAY.plusDays(7));
        assertThat(history.segments().get(1).change())
                .contains("machine changed")
                .contains("6.1.0")
                .contains("6.12.0");
        assertThat(history.segments().get(2).change()).isEqualTo("the board's workload changed");
        assertThat(history.points().get(0).stacks())
                .extracting(BoardPage.HistoryValue::stack)
                .containsExactly("gsoap", "cxf");
    }

    @Test
    void whatAMachineReportsBesidesItsKindDoesNotStartASegment() {
        var fingerprint = BoardFixtures.fingerprint("6.1.0");
        var busier = ((tools.jackson.databind.node.ObjectNode) BoardFixtures.fingerprint("6.1.0"))
                .put("cpuSharing", "dedicated");
        assertThat(BoardHistory.machineKey(fingerprint)).isEqualTo(BoardHistory.machineKey(busier));
    }
}
