package dev.soapbench.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

class WorkEstimateTest {

    static final WorkEstimate.Assumptions ASSUMED = new WorkEstimate.Assumptions(100, Duration.ofMinutes(5));
    static final ObjectMapper JSON = new ObjectMapper();

    static WorkEstimate estimate(String workload) {
        JsonNode tree = JSON.readTree(workload);
        return WorkEstimate.of(tree, ASSUMED);
    }

    @Test
    void theDefaultWorkloadPaysOneOverheadAndEightRoundsPerStack() {
        // 500 warm-up and 2000 measured requests at 100/s: 25 s a round, 8 rounds after 300 s of overhead.
        WorkEstimate one = estimate("{\"stacks\":[\"cxf\"]}");

        assertThat(one.repetitions()).isEqualTo(8);
        assertThat(one.workerSeconds()).isEqualTo(300 + 8 * 25);
        assertThat(estimate("{\"stacks\":[\"cxf\",\"gsoap\"]}").workerSeconds()).isEqualTo(2 * (300 + 8 * 25));
    }

    @Test
    void aMeasurementShorterThanMinSecondsIsChargedAsTheWorkerExtendsIt() {
        // 10 requests at 100/s would last 0.1 s; the worker measures for at least load.minSeconds.
        assertThat(estimate("{\"stacks\":[\"cxf\"],\"load\":{\"requests\":10},\"warmup\":{\"requests\":0}}")
                        .measurementSeconds())
                .isEqualTo(2.0);
        assertThat(estimate("{\"stacks\":[\"cxf\"],\"load\":{\"durationSeconds\":1,\"minSeconds\":5},"
                                + "\"warmup\":{\"requests\":0}}")
                        .measurementSeconds())
                .isEqualTo(5.0);
        assertThat(estimate("{\"stacks\":[\"cxf\"],\"load\":{\"requests\":10,\"minSeconds\":0},"
                                + "\"warmup\":{\"requests\":0}}")
                        .measurementSeconds())
                .isEqualTo(0.1);
    }

    @Test
    void aColdMeasurementPaysAServerStartAndIsNeverExtended() {
        // 100 requests at 100/s, no minimum length, and a start of its own.
        assertThat(estimate(
                                "{\"stacks\":[\"cxf\"],\"load\":{\"requests\":100},\"warmup\":{\"requests\":0,\"cold\":true}}")
                        .measurementSeconds())
                .isEqualTo(1.0 + WorkEstimate.COLD_START_SECONDS);
        assertThat(ASSUMED.basis()).contains("with warmup.cold 30 s for each server start");
    }

    @Test
    void securityModesAndRepetitionsMultiplyTheMeasurementsNotTheOverhead() {
        WorkEstimate estimate = estimate("{\"stacks\":[\"cxf\"],\"security\":[\"plain\",\"sign\"],\"repetitions\":3}");

        assertThat(estimate.cells()).isEqualTo(2);
        assertThat(estimate.repetitions()).isEqualTo(3);
        assertThat(estimate.workerSeconds()).isEqualTo(300 + 2 * 3 * 25);
    }

    @Test
    void theMeasurementsAreStacksTimesModesTimesRoundsAndAnABRunCountsItsStackTwice() {
        WorkEstimate estimate = estimate("{\"stacks\":[\"cxf\"],\"security\":[\"plain\",\"sign\"],\"repetitions\":3}");
        assertThat(estimate.measurements()).isEqualTo(6);

        WorkEstimate twice = estimate.withStacks(2, ASSUMED);
        assertThat(twice.measurements()).isEqualTo(12);
        assertThat(twice.workerSeconds()).isEqualTo(2 * estimate.workerSeconds());
        assertThat(ASSUMED.basis()).contains("5 min per stack").contains("100 requests per second");
    }

    @Test
    void aCompatibilityCheckPaysTheOverheadAndNoRound() {
        WorkEstimate check = estimate("{\"mode\":\"check\",\"stacks\":[\"cxf\",\"gsoap\"],\"repetitions\":9}");
        assertThat(check.workerSeconds()).isEqualTo(2 * 300);
        assertThat(check.measurements()).isZero();
    }

    @Test
    void anInteropRunPaysEachCellOfEachServerWithPlainCounted() {
        // Two stacks, sign plus the plain the backend adds: each server takes 2 clients x 2 modes of
        // (20 warm-up + 180 requests) at 100/s, 2 s a cell.
        WorkEstimate interop = estimate("{\"mode\":\"interop\",\"stacks\":[\"cxf\",\"gsoap\"],\"security\":[\"sign\"],"
                + "\"interop\":{\"requests\":180},\"repetitions\":9}");
        assertThat(interop.workerSeconds()).isEqualTo(2 * (300 + 2 * 2 * 2));
        assertThat(interop.measurements()).isEqualTo(2 * 2 * 2);
    }

    @Test
    void aDurationBoundsTheLoadWhateverTheRequestCount() {
        WorkEstimate estimate =
                estimate("{\"stacks\":[\"cxf\"],\"load\":{\"requests\":10000000,\"durationSeconds\":60},"
                        + "\"warmup\":{\"requests\":0,\"seconds\":30}}");

        assertThat(estimate.measurementSeconds()).isEqualTo(90.0);
    }

    @Test
    void anOpenModelSendsNoFasterThanItsRate() {
        // 2000 arrivals at 10/s take 200 s, slower than the assumed 100/s.
        WorkEstimate estimate = estimate(
                "{\"stacks\":[\"cxf\"],\"load\":{\"model\":\"open\",\"ratePerSecond\":10},\"warmup\":{\"requests\":0}}");

        assertThat(estimate.measurementSeconds()).isEqualTo(200.0);
    }

    @Test
    void aCapacitySearchPaysEveryStep() {
        WorkEstimate estimate =
                estimate("{\"stacks\":[\"cxf\"],\"load\":{\"model\":\"capacity\",\"durationSeconds\":10},"
                        + "\"warmup\":{\"requests\":0},\"slo\":{\"p99Ms\":50}}");

        assertThat(estimate.measurementSeconds()).isEqualTo(WorkEstimate.CAPACITY_STEPS * 10.0);
    }

    @Test
    void theIssuesWorstCaseIsDaysOfWork() {
        // 50 repetitions x 4 modes x (an hour of warm-up + an hour of load) on one stack.
        WorkEstimate estimate = estimate("{\"stacks\":[\"cxf\"],\"repetitions\":50,"
                + "\"security\":[\"plain\",\"username\",\"sign\",\"signencr\"],"
                + "\"load\":{\"durationSeconds\":3600},\"warmup\":{\"requests\":0,\"seconds\":3600}}");

        assertThat(estimate.workerSeconds()).isEqualTo(300 + 50L * 4 * 7200);
    }
}
