package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunBundleTest {

    @Test
    void anUploadersFileNameStaysOneInertWordOfTheResubmitCommand() throws IOException, InterruptedException {
        String hostile = "a'; touch /tmp/pwned-by-entry; echo '$(id)`id`.wsdl";

        String quoted = RunBundle.shellQuoted("entry=" + hostile);

        // The shell reads it back as exactly one word, unchanged, and runs nothing.
        Process shell = new ProcessBuilder("sh", "-c", "printf '%s\\n' " + quoted + " | wc -l; printf %s " + quoted)
                .redirectErrorStream(true)
                .start();
        List<String> lines = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .toList();
        assertThat(shell.waitFor()).isZero();
        assertThat(lines.get(0).trim()).isEqualTo("1");
        assertThat(lines.get(1)).isEqualTo("entry=" + hostile);
        assertThat(Path.of("/tmp/pwned-by-entry")).doesNotExist();
    }
}
