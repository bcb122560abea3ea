package dev.soapbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

class RequestDatasetsTest {

    @TempDir
    Path datasets;

    @Test
    void aSmallSequenceIsReadInIndexOrderAndPrefersTheBuiltFolder() throws Exception {
        writeSequence(datasets.resolve("echo/out/1kb"), "built");
        writeSequence(datasets.resolve("echo/1kb"), "committed");

        RequestDatasets.Sequence sequence =
                new RequestDatasets(datasets.toString(), JsonMapper.builder().build()).load("echo/1kb");

        assertThat(sequence.inline()).isTrue();
        assertThat(sequence.samples()).hasSize(2);
        assertThat(sequence.samples().get(0).request()).isEqualTo("built-a-request");
        assertThat(sequence.samples().get(1).response()).isEqualTo("built-b-response");
        assertThat(RequestDatasets.operations(sequence)).containsExactly("echo");
    }

    @Test
    void aSequenceOfTwoMebibytesOrMoreIsLeftForTheWorker() throws Exception {
        Path folder = datasets.resolve("seismic/out/requests-large");
        writeSequence(folder, "large");
        Files.writeString(folder.resolve("b.response.xml"), "x".repeat((int) RequestDatasets.INLINE_LIMIT_BYTES));

        RequestDatasets.Sequence sequence =
                new RequestDatasets(datasets.toString(), JsonMapper.builder().build()).load("seismic/requests-large");

        assertThat(sequence.inline()).isFalse();
        assertThat(sequence.samples()).isEmpty();
        assertThat(sequence.bytes()).isGreaterThanOrEqualTo(RequestDatasets.INLINE_LIMIT_BYTES);
    }

    @Test
    void missingOrBadlyNamedSequencesAreRefusedWithTheField() throws Exception {
        RequestDatasets sequences =
                new RequestDatasets(datasets.toString(), JsonMapper.builder().build());

        assertThatThrownBy(() -> sequences.load("echo/none"))
                .isInstanceOf(ApiProblem.class)
                .hasMessageContaining("There is no request sequence 'echo/none'")
                .hasMessageContaining("make -C datasets build")
                .satisfies(e ->
                        assertThat(((ApiProblem) e).errors().get(0).field()).isEqualTo("/requests/dataset"));
        assertThatThrownBy(() -> sequences.load("../etc"))
                .isInstanceOf(ApiProblem.class)
                .hasMessageContaining("not a path like 'echo/1kb'");
        Path broken = datasets.resolve("echo/out/broken");
        Files.createDirectories(broken);
        Files.writeString(broken.resolve("index.json"), "[{\"operation\":\"echo\",\"request\":\"../../../secret\"}]");
        assertThatThrownBy(() -> sequences.load("echo/broken"))
                .isInstanceOf(ApiProblem.class)
                .hasMessageContaining("names a missing file '../../../secret'");
    }

    private static void writeSequence(Path folder, String tag) throws Exception {
        Files.createDirectories(folder);
        Files.writeString(
                folder.resolve("index.json"),
                """
                [{"operation":"echo","soapAction":"urn:echo","soapVersion":"1.1","request":"a.request.xml","response":"a.response.xml"},
                 {"operation":"echo","soapVersion":"1.1","request":"b.request.xml","response":"b.response.xml"}]""");
        for (String name : new String[] {"a", "b"}) {
            Files.writeString(folder.resolve(name + ".request.xml"), tag + "-" + name + "-request");
            Files.writeString(folder.resolve(name + ".response.xml"), tag + "-" + name + "-response");
        }
    }
}
