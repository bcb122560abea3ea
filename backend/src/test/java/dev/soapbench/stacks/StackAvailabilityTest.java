package dev.soapbench.stacks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StackAvailabilityTest {

    static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
    static final Instant LIVE_SINCE = NOW.minus(Duration.ofSeconds(60));

    static WorkerReport worker(String hardwareClass, Duration age, WorkerReport.StackState... stacks) {
        return new WorkerReport(hardwareClass, NOW.minus(age), List.of(stacks));
    }

    static WorkerReport.StackState available(String id) {
        return new WorkerReport.StackState(id, true, null, null);
    }

    static WorkerReport.StackState unavailable(String id, String reason) {
        return new WorkerReport.StackState(id, false, reason, null);
    }

    @Test
    void aFreshWorkerCountsAndAStaleOneDoesNot() {
        Map<String, List<StackAvailability>> availability = StackAvailability.byStack(
                List.of(
                        worker("local", Duration.ofSeconds(5), available("cxf")),
                        worker("c5-large", Duration.ofSeconds(61), available("cxf"), available("gsoap"))),
                LIVE_SINCE);

        assertThat(availability.get("cxf")).containsExactly(new StackAvailability("local", true, null));
        assertThat(availability).doesNotContainKey("gsoap");
    }

    @Test
    void aWorkerSeenExactlyAtTheEdgeOfTheWindowIsStillLive() {
        Map<String, List<StackAvailability>> availability = StackAvailability.byStack(
                List.of(worker("local", Duration.ofSeconds(60), available("cxf"))), LIVE_SINCE);

        assertThat(availability.get("cxf"))
                .extracting(StackAvailability::hardwareClass)
                .containsExactly("local");
    }

    @Test
    void eachHardwareClassGetsItsOwnEntrySortedByClass() {
        Map<String, List<StackAvailability>> availability = StackAvailability.byStack(
                List.of(
                        worker(
                                "local",
                                Duration.ofSeconds(3),
                                unavailable("wsfcpp", "unavailable: WSFCPP_HOME is not set")),
                        worker("c5-large", Duration.ofSeconds(8), available("wsfcpp"))),
                LIVE_SINCE);

        assertThat(availability.get("wsfcpp"))
                .containsExactly(
                        new StackAvailability("c5-large", true, null),
                        new StackAvailability("local", false, "WSFCPP_HOME is not set"));
    }

    @Test
    void aClassIsAvailableWhenAnyOfItsLiveWorkersCanBuildTheStack() {
        Map<String, List<StackAvailability>> availability = StackAvailability.byStack(
                List.of(
                        worker(
                                "local",
                                Duration.ofSeconds(3),
                                unavailable("wsfcpp", "unavailable: WSFCPP_HOME is not set")),
                        worker("local", Duration.ofSeconds(4), available("wsfcpp"))),
                LIVE_SINCE);

        assertThat(availability.get("wsfcpp")).containsExactly(new StackAvailability("local", true, null));
    }

    @Test
    void distinctReasonsOfAnUnavailableClassAreAllKept() {
        Map<String, List<StackAvailability>> availability = StackAvailability.byStack(
                List.of(
                        worker(
                                "local",
                                Duration.ofSeconds(1),
                                unavailable("wsfcpp", "unavailable: WSFCPP_HOME is not set")),
                        worker(
                                "local",
                                Duration.ofSeconds(2),
                                unavailable("wsfcpp", "unavailable: WSFCPP_HOME is not set")),
                        worker("local", Duration.ofSeconds(3), unavailable("wsfcpp", "cannot start runner: exit 127")),
                        worker("local", Duration.ofSeconds(4), unavailable("wsfcpp", null))),
                LIVE_SINCE);

        assertThat(availability.get("wsfcpp")).singleElement().satisfies(entry -> {
            assertThat(entry.available()).isFalse();
            assertThat(entry.reason())
                    .isEqualTo("WSFCPP_HOME is not set; cannot start runner: exit 127; the worker gave no reason");
        });
    }

    @Test
    void aStackNoLiveWorkerReportsIsAbsentAndAnEntryWithoutIdIsIgnored() {
        Map<String, List<StackAvailability>> availability = StackAvailability.byStack(
                List.of(
                        worker("local", Duration.ofSeconds(2), new WorkerReport.StackState(null, true, null, null)),
                        new WorkerReport("local", NOW, null)),
                LIVE_SINCE);

        assertThat(availability).isEmpty();
    }
}
