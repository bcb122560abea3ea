package dev.soapbench.projects;

import dev.soapbench.results.ResultsSummary.StackFigures;
import java.util.Locale;

/**
 * A figure a branch's history follows run by run, by the API's metric names (the gate's too). Only
 * throughput has an interval per run (its repetitions' median with an order-statistics interval);
 * the costs are one figure per run, so their points carry none.
 */
enum HistoryMetric {
    THROUGHPUT("throughput", "req/s", true),
    /** The p99 of the run's merged latency histograms, in milliseconds. */
    LATENCY_P99("latencyP99", "ms", false),
    /** The server's median CPU seconds per repetition over its mean requests, in milliseconds. */
    CPU_PER_REQUEST("cpuPerRequest", "ms CPU", false),
    /** The server's largest peak resident set over the repetitions, in MiB. */
    PEAK_RSS("peakRss", "MiB", false);

    final String apiName;
    final String unit;
    /** Whether a higher figure is better: a fall of throughput is a regression, a rise of a cost is. */
    final boolean higherIsBetter;

    HistoryMetric(String apiName, String unit, boolean higherIsBetter) {
        this.apiName = apiName;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    /** The run's figure; null when the run did not record it. */
    Double value(StackFigures s) {
        return switch (this) {
            case THROUGHPUT -> s.throughput() == null ? null : s.throughput().median();
            case LATENCY_P99 -> s.latencyMs() == null ? null : s.latencyMs().p99();
            case CPU_PER_REQUEST -> s.serverCpuSecondsMedian() == null || s.requests() == null || s.requests() == 0
                    ? null
                    : 1000 * s.serverCpuSecondsMedian() * s.used() / s.requests();
            case PEAK_RSS -> s.peakRssBytesMax() == null ? null : s.peakRssBytesMax() / (1024.0 * 1024.0);
        };
    }

    Double low(StackFigures s) {
        return this == THROUGHPUT && s.throughput() != null ? s.throughput().low() : null;
    }

    Double high(StackFigures s) {
        return this == THROUGHPUT && s.throughput() != null ? s.throughput().high() : null;
    }

    /** How a move is named: faster/slower for throughput, higher/lower for a cost. */
    String direction(double before, double after) {
        if (this == THROUGHPUT) {
            return after > before ? "faster" : "slower";
        }
        return after > before ? "higher" : "lower";
    }

    boolean isRegression(double before, double after) {
        return higherIsBetter ? after < before : after > before;
    }

    /** What the figure is called in a sentence: "gsoap" for throughput, "gsoap's p99 latency" else. */
    String subject(String stack) {
        return switch (this) {
            case THROUGHPUT -> stack;
            case LATENCY_P99 -> stack + "'s p99 latency";
            case CPU_PER_REQUEST -> stack + "'s server CPU per request";
            case PEAK_RSS -> stack + "'s peak RSS";
        };
    }

    String format(double value) {
        return this == THROUGHPUT || this == PEAK_RSS
                ? String.format(Locale.ROOT, "%.0f", value)
                : String.format(Locale.ROOT, "%.3g", value);
    }
}
