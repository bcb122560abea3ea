package dev.soapbench.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** What Studies.load refuses in a study file beyond its schema: references that do not hold. */
class StudiesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Path SCHEMA = Path.of("../studies/study.schema.json");

    @TempDir
    Path dir;

    @Test
    void theShippedSosnoskiStudyLoadsWithItsWarmUpInPasses() throws IOException {
        write(sosnoski());

        Study study = Studies.load(dir, SCHEMA, JSON).get(0);

        assertThat(study.matrix().methods().get(0).warmupSequences()).isEqualTo(1);
    }

    @Test
    void aWarmUpInPassesNeedsEverySizeToSayHowLongItsSequenceIs() throws IOException {
        ObjectNode study = sosnoski();
        ((ObjectNode) study.at("/matrix/sizes/1")).remove("sequenceLength");
        write(study);

        assertThatThrownBy(() -> Studies.load(dir, SCHEMA, JSON))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("method 'article' sets warmupSequences, but size 'large' has no sequenceLength");
    }

    @Test
    void aWarmUpInPassesAndInRequestsAtOnceIsRefused() throws IOException {
        ObjectNode study = sosnoski();
        ((ObjectNode) study.at("/matrix/methods/0")).putObject("warmup").put("requests", 1000);
        write(study);

        assertThatThrownBy(() -> Studies.load(dir, SCHEMA, JSON))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("method 'article' sets both warmup.requests and warmupSequences");
    }

    @Test
    void aProbeMeasuresOnlySecurityModesOfTheMatrix() throws IOException {
        ObjectNode study = sosnoski();
        ((ObjectNode) study.at("/matrix")).putArray("security").add("plain").add("sign");
        write(study);

        // The shipped conduit probe measures plain and username; this matrix has no username.
        assertThatThrownBy(() -> Studies.load(dir, SCHEMA, JSON))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("probe 'cxf-client-conduit' measures security modes [plain, username]: name"
                        + " some of the matrix's [plain, sign]");
    }

    @Test
    void aProbeThatWarmsUpAsTheStudyDoesChangesNothing() throws IOException {
        ObjectNode study = sosnoski();
        ((ObjectNode) study.at("/probes/3")).put("warmupSequences", 1);
        write(study);

        assertThatThrownBy(() -> Studies.load(dir, SCHEMA, JSON))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("probe 'warm-clients' changes nothing of the matrix");
    }

    private static ObjectNode sosnoski() throws IOException {
        return (ObjectNode) JSON.readTree(Files.readString(Path.of("../studies/sosnoski-2010.json")));
    }

    private void write(ObjectNode study) throws IOException {
        Files.writeString(dir.resolve("sosnoski-2010.json"), JSON.writeValueAsString(study));
    }
}
