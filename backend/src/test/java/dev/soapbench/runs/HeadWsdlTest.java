package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class HeadWsdlTest {

    @Test
    void theWorkOfAHeadIsEstimatedForBothWsdls() {
        JsonNode workload = JsonMapper.builder().build().readTree("{\"stacks\":[\"gsoap\"],\"repetitions\":4}");

        JsonNode measured = HeadWsdl.measuredTwice(workload);

        assertThat(measured.get("stacks").toString()).isEqualTo("[\"gsoap\",\"gsoap+head\"]");
        assertThat(measured.get("repetitions").asInt()).isEqualTo(4);
        assertThat(workload.get("stacks").size())
                .as("the submitted workload is left as it is")
                .isEqualTo(1);
    }
}
