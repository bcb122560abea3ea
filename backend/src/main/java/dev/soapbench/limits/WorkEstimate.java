package dev.soapbench.limits;

import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.common.WorkloadDefaults;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/**
 * The worker time a workload asks for, estimated pessimistically before any of it is stored: every
 * stack pays its overhead (build, verification, start, JVM warm-up) once, then every security mode
 * and repetition pays a warm-up and a measured load. Request counts become time at
 * {@link Assumptions#requestsPerSecond}, a rate slow stacks reach under signing; a capacity search
 * pays all of its steps. Redone measurements (a disturbed machine) are not counted.
 *
 * @param workerSeconds the whole estimate
 * @param measurementSeconds one warm-up and measured load
 */
public record WorkEstimate(long workerSeconds, int stacks, int cells, int repetitions, double measurementSeconds) {

    // Mirrors the worker's capacity search bound (driver.DefaultCapacityMaxSteps) and the step and
    // first rate it takes when the workload names none (the schema describes them, as no default
    // can: they apply to the capacity model only).
    static final int CAPACITY_STEPS = 12;
    static final double CAPACITY_STEP_SECONDS = 5;
    static final double CAPACITY_FIRST_RATE = 100;
    // A cold workload starts the server again before every measurement: a JVM host starts in
    // 5-10 s on a quiet 2-core machine, 30 s bounds it on a busy one.
    static final double COLD_START_SECONDS = 30;

    /** What turns a workload into time. */
    public record Assumptions(double requestsPerSecond, Duration stackOverhead) {

        public static Assumptions from(SoapBenchProperties.Limits limits) {
            return new Assumptions(limits.assumedRequestsPerSecond(), limits.stackOverhead());
        }

        /** How an estimate under these assumptions was made, in one sentence a user can check. */
        public String basis() {
            return "An upper bound: " + stackOverhead.toMinutes()
                    + " min per stack for build, verification, start and JVM warm-up, then each warm-up"
                    + " and measured load at " + Math.round(requestsPerSecond)
                    + " requests per second (a slow stack under signing), at least load.minSeconds each,"
                    + " and with warmup.cold " + Math.round(COLD_START_SECONDS) + " s for each server start;"
                    + " fast stacks finish far sooner.";
        }
    }

    /** The measurements the run stores: one per stack, security mode and repetition. */
    public int measurements() {
        return stacks * cells * repetitions;
    }

    /** The same estimate for another number of stacks (an A/B run builds its one stack twice). */
    public WorkEstimate withStacks(int count, Assumptions assumptions) {
        return of(Math.max(1, count), cells, repetitions, measurementSeconds, assumptions);
    }

    /** The estimate for a workload that passed its schema; defaults are the schema's. */
    public static WorkEstimate of(JsonNode submitted, Assumptions assumptions) {
        JsonNode workload = WorkloadDefaults.applyTo(submitted);
        int stacks = Math.max(1, workload.path("stacks").size());
        int cells = Math.max(1, workload.path("security").size());
        if ("interop".equals(workload.path("mode").asString())) {
            return interop(workload, stacks, cells, assumptions);
        }
        // A compatibility check builds, serves and verifies: the overhead alone, no rounds.
        boolean check = "check".equals(workload.path("mode").asString());
        int repetitions = check ? 0 : Math.max(1, workload.path("repetitions").asInt());
        double measurement = check
                ? 0
                : warmupSeconds(workload.path("warmup"), assumptions)
                        + loadSeconds(workload.path("load"), assumptions)
                        + (workload.path("warmup").path("cold").asBoolean(false) ? COLD_START_SECONDS : 0);
        return of(stacks, cells, repetitions, measurement, assumptions);
    }

    /**
     * An interop run: every stack's overhead, then per mode one cell per client, each its warm-up and
     * requests, counted as the repetitions of the stack it serves. Plain is added when absent.
     */
    private static WorkEstimate interop(JsonNode workload, int stacks, int cells, Assumptions assumptions) {
        JsonNode interop = workload.path("interop");
        boolean plainAdded = workload.path("security").valueStream().noneMatch(mode -> mode.asString()
                .equals("plain"));
        double cellSeconds = (nonNegative(interop.path("requests").asDouble())
                        + nonNegative(interop.path("warmupRequests").asDouble()))
                / assumptions.requestsPerSecond();
        return of(stacks, cells + (plainAdded ? 1 : 0), stacks, cellSeconds, assumptions);
    }

    /** Every stack pays its overhead once, then a measurement per security mode and repetition. */
    private static WorkEstimate of(
            int stacks, int cells, int repetitions, double measurementSeconds, Assumptions assumptions) {
        double perStack = assumptions.stackOverhead().toSeconds() + (double) cells * repetitions * measurementSeconds;
        long total = (long) Math.ceil(Math.min(Long.MAX_VALUE / 2.0, stacks * perStack));
        return new WorkEstimate(total, stacks, cells, repetitions, measurementSeconds);
    }

    private static double warmupSeconds(JsonNode warmup, Assumptions assumptions) {
        return nonNegative(warmup.path("requests").asDouble()) / assumptions.requestsPerSecond()
                + nonNegative(warmup.path("seconds").asDouble());
    }

    private static double loadSeconds(JsonNode load, Assumptions assumptions) {
        String model = load.path("model").asString();
        double duration = nonNegative(load.path("durationSeconds").asDouble(0));
        if (model.equals("capacity")) {
            return CAPACITY_STEPS * (duration > 0 ? duration : CAPACITY_STEP_SECONDS);
        }
        // The worker extends a measurement shorter than load.minSeconds until it lasts that long.
        double least = nonNegative(load.path("minSeconds").asDouble());
        if (duration > 0) {
            return Math.max(duration, least);
        }
        double requests = nonNegative(load.path("requests").asDouble());
        double rate = assumptions.requestsPerSecond();
        if (model.equals("open")) {
            // Arrivals come no faster than asked, and a slow stack makes them wait besides.
            rate = Math.min(rate, positive(load.path("ratePerSecond").asDouble(CAPACITY_FIRST_RATE)));
        }
        return Math.max(requests / rate, least);
    }

    private static double nonNegative(double value) {
        return Double.isFinite(value) && value > 0 ? value : 0;
    }

    private static double positive(double value) {
        return Double.isFinite(value) && value > 0 ? value : CAPACITY_FIRST_RATE;
    }
}
