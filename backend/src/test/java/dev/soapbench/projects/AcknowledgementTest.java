package dev.soapbench.projects;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class AcknowledgementTest {

    private static Acknowledgement of(String commit, String branch, String stack, String metric) {
        return new Acknowledgement(UUID.randomUUID(), "acme/billing", commit, branch, stack, metric, "why", null);
    }

    @Test
    void aCommitMatchesItsAbbreviationBothWays() {
        Acknowledgement short7 = of("4f2a9c1", null, null, null);
        assertThat(short7.covers("4f2a9c1e0d", "main", "cxf@4.2.3", "throughput"))
                .isTrue();
        assertThat(of("4f2a9c1e0d", null, null, null).covers("4f2a9c1", "main", "cxf", "throughput"))
                .isTrue();
        assertThat(short7.covers("4f2a9c2", "main", "cxf", "throughput")).isFalse();
        assertThat(short7.covers(null, "main", "cxf", "throughput"))
                .as("a run without a commit")
                .isFalse();
    }

    @Test
    void aBranchCoversEveryRunOfThatBranchOnly() {
        Acknowledgement branch = of(null, "feature/x", null, null);
        assertThat(branch.covers("aaaaaaa", "feature/x", "gsoap", "peakRss")).isTrue();
        assertThat(branch.covers("aaaaaaa", "main", "gsoap", "peakRss")).isFalse();
    }

    @Test
    void aStackIdCoversEveryVersionAndAVersionOnlyItself() {
        assertThat(of("4f2a9c1", null, "cxf", null).covers("4f2a9c1", null, "cxf@3.6.10", "throughput"))
                .isTrue();
        assertThat(of("4f2a9c1", null, "cxf@4.2.3", null).covers("4f2a9c1", null, "cxf@3.6.10", "throughput"))
                .isFalse();
        assertThat(of("4f2a9c1", null, "cxf", null).covers("4f2a9c1", null, "cxfx", "throughput"))
                .isFalse();
    }

    @Test
    void aMetricCoversThatMetricOnly() {
        Acknowledgement p99 = of("4f2a9c1", null, null, "latencyP99");
        assertThat(p99.covers("4f2a9c1", null, "cxf", "latencyP99")).isTrue();
        assertThat(p99.covers("4f2a9c1", null, "cxf", "throughput")).isFalse();
    }
}
