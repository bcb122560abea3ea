package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.soapbench.dispatch.RunJob;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ConfigHashTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final RunJob.Bundle BUNDLE = new RunJob.Bundle(
            "a.wsdl", List.of(new RunJob.BundleFile("a.wsdl", "QQ=="), new RunJob.BundleFile("b.xsd", "Qg==")));
    private static final List<RunJob.JobSample> SAMPLES =
            List.of(new RunJob.JobSample("echo", "urn:echo", "1.1", false, "<req/>", "<res/>"));
    private static final List<RunJob.JobStack> STACKS =
            List.of(new RunJob.JobStack("cxf", "4.2.3"), new RunJob.JobStack("gsoap", "2.8.124"));

    private static JsonNode json(String text) {
        return JSON.readTree(text);
    }

    @Test
    void theHashIsSha256HexAndIgnoresKeyAndFileOrder() {
        String hash = ConfigHash.of(BUNDLE, SAMPLES, STACKS, json("{\"stacks\":[\"cxf\"],\"repetitions\":1}"));
        RunJob.Bundle reordered = new RunJob.Bundle(
                "a.wsdl", List.of(BUNDLE.files().get(1), BUNDLE.files().get(0)));
        String again = ConfigHash.of(
                reordered,
                SAMPLES,
                List.of(STACKS.get(1), STACKS.get(0)),
                json("{\"repetitions\":1,\"stacks\":[\"cxf\"]}"));

        assertThat(hash).matches("[0-9a-f]{64}").isEqualTo(again);
    }

    @Test
    void anyChangeToWhatIsMeasuredChangesTheHash() {
        JsonNode workload = json("{\"stacks\":[\"cxf\"],\"repetitions\":1}");
        String hash = ConfigHash.of(BUNDLE, SAMPLES, STACKS, workload);

        assertThat(ConfigHash.of(BUNDLE, SAMPLES, STACKS, json("{\"stacks\":[\"cxf\"],\"repetitions\":2}")))
                .isNotEqualTo(hash);
        assertThat(ConfigHash.of(BUNDLE, SAMPLES, List.of(new RunJob.JobStack("cxf", "3.6.10")), workload))
                .isNotEqualTo(hash);
        assertThat(ConfigHash.of(
                        BUNDLE,
                        List.of(new RunJob.JobSample("echo", "urn:echo", "1.1", false, "<req/>", "<other/>")),
                        STACKS,
                        workload))
                .isNotEqualTo(hash);
        assertThat(ConfigHash.of(
                        new RunJob.Bundle("a.wsdl", List.of(new RunJob.BundleFile("a.wsdl", "Qw=="))),
                        SAMPLES,
                        STACKS,
                        workload))
                .isNotEqualTo(hash);
    }

    @Test
    void aHeadWsdlChangesTheHashAndNoHeadLeavesItAsItWas() {
        JsonNode workload = json("{\"stacks\":[\"cxf\"],\"repetitions\":1}");
        String hash = ConfigHash.of(BUNDLE, SAMPLES, STACKS, workload);
        List<RunJob.JobSample> longer =
                List.of(new RunJob.JobSample("echo", "urn:echo", "1.1", false, "<req/>", "<res>longer</res>"));

        assertThat(ConfigHash.of(BUNDLE, SAMPLES, STACKS, workload, null, null)).isEqualTo(hash);
        String withHead = ConfigHash.of(BUNDLE, SAMPLES, STACKS, workload, BUNDLE, longer);
        assertThat(withHead).isNotEqualTo(hash);
        assertThat(ConfigHash.of(BUNDLE, SAMPLES, STACKS, workload, BUNDLE, SAMPLES))
                .isNotEqualTo(withHead);
    }
}
