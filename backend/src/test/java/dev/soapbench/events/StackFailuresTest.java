package dev.soapbench.events;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StackFailuresTest {

    @Test
    void aStackThatCannotTakePartIsUnsupportedInWhateverPhase() {
        assertThat(StackFailures.status("measure", "unsupported: native client"))
                .isEqualTo("unsupported");
        assertThat(StackFailures.status("build", "unsupported: rpc/encoded binding EchoBinding, in echo.wsdl:41"))
                .isEqualTo("unsupported");
        assertThat(StackFailures.status(
                        "build", "unavailable: WSF/C++ cannot run on this worker (WSFCPP_HOME is not set)"))
                .isEqualTo("unsupported");
    }

    @Test
    void anythingElseFailedInItsPhase() {
        assertThat(StackFailures.status("build", "error: soapcpp2 failed")).isEqualTo("build_failed");
        assertThat(StackFailures.status("verify", "echo: /echoResponse/text: expected a, got b"))
                .isEqualTo("verify_failed");
        assertThat(StackFailures.status("measure", "error: the server exited during the measurement"))
                .isEqualTo("failed");
        assertThat(StackFailures.status("serve", "error: cannot listen")).isEqualTo("failed");
    }
}
