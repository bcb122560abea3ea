package dev.soapbench.runs;

import dev.soapbench.common.SharedLoads;
import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.limits.WorkEstimate;
import dev.soapbench.results.OrderStatistics;
import dev.soapbench.stacks.LiveStacks;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * A queued run's place in line and when a worker should take it. The work ahead is the estimate of
 * every run queued before it on its class plus what remains of the runs on its workers; estimates
 * are pessimistic by design (they guard the work quota), so they are scaled by how long the class's
 * recent runs really took against their estimates. Read afresh, shared by the readers of a second:
 * the line moves when other runs change.
 */
@Component
class RunQueue {

    static final int CALIBRATION_RUNS = 20;

    private final RunRepository runs;
    private final LiveStacks live;
    private final WorkEstimate.Assumptions assumptions;
    private final ObjectMapper json;
    private final SharedLoads<String, Line> lines = new SharedLoads<>(100, Duration.ofSeconds(1));

    /** The class's unfinished runs in order of arrival, its live workers, and the estimates' scale. */
    private record Line(List<RunRow> unfinished, int workers, double scale, int calibratedBy) {}

    RunQueue(RunRepository runs, LiveStacks live, SoapBenchProperties properties, ObjectMapper json) {
        this.runs = runs;
        this.live = live;
        this.assumptions = WorkEstimate.Assumptions.from(properties.limits());
        this.json = json;
    }

    Optional<QueuePlace> placeOf(RunView run, String hardwareClass) {
        if (!RunStatus.QUEUED.equals(run.status())) {
            return Optional.empty();
        }
        Line line = lines.get(hardwareClass, () -> line(hardwareClass));
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        int position = 1;
        int running = 0;
        double secondsAhead = 0;
        for (RunRow other : line.unfinished()) {
            if (other.id().equals(run.id())) {
                continue;
            }
            if (RunStatus.QUEUED.equals(other.status())) {
                if (other.createdAt().isBefore(run.createdAt())) {
                    position++;
                    secondsAhead += estimate(other) * line.scale();
                }
            } else {
                running++;
                double elapsed = other.startedAt() == null
                        ? 0
                        : Duration.between(other.startedAt(), now).toSeconds();
                secondsAhead += Math.max(0, estimate(other) * line.scale() - elapsed);
            }
        }
        if (line.workers() == 0) {
            return Optional.of(new QueuePlace(
                    position,
                    running,
                    0,
                    null,
                    "No worker of class " + hardwareClass + " is live, so nobody can say when it starts."));
        }
        long seconds = Math.round(secondsAhead / line.workers());
        String basis = line.calibratedBy() == 0
                ? "From the pessimistic estimates of the work ahead (no run of this class has finished yet to"
                        + " correct them), shared among " + line.workers() + " live worker(s)."
                : "From the estimates of the work ahead, scaled by " + String.format("%.2f", line.scale())
                        + " (how long the last " + line.calibratedBy() + " runs of this class took against their"
                        + " estimates, median), shared among " + line.workers() + " live worker(s).";
        return Optional.of(new QueuePlace(position, running, line.workers(), seconds, basis));
    }

    private Line line(String hardwareClass) {
        List<RunRow> unfinished = new ArrayList<>(runs.unfinished().stream()
                .filter(r -> hardwareClass.equals(r.hardwareClass()))
                .sorted(Comparator.comparing(RunRow::createdAt))
                .toList());
        List<Double> ratios = new ArrayList<>();
        for (RunRow done : runs.recentlyCompleted(hardwareClass, CALIBRATION_RUNS)) {
            double estimated = estimate(done);
            if (done.finishedAt() != null && estimated > 0) {
                ratios.add(Duration.between(done.startedAt(), done.finishedAt()).toMillis() / 1000.0 / estimated);
            }
        }
        double scale = ratios.isEmpty() ? 1 : Math.max(0.01, OrderStatistics.median(ratios));
        return new Line(unfinished, live.workers(hardwareClass), scale, ratios.size());
    }

    private double estimate(RunRow run) {
        JsonNode workload = json.readTree(run.workload());
        return WorkEstimate.of(workload, assumptions).workerSeconds();
    }
}
