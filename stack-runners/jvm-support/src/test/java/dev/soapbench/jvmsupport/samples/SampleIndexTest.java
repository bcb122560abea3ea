package dev.soapbench.jvmsupport.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleIndexTest {
    @TempDir
    Path samples;

    @Test
    void headerBlocksAreReadInOrderAndAbsentOnesAreEmpty() throws Exception {
        Files.writeString(samples.resolve("index.json"), """
                [{"operation":"lookup","soapVersion":"1.1","request":"q.xml","response":"r.xml",
                  "headersIn":[{"namespace":"urn:h","name":"clientToken"},{"namespace":"urn:t","name":"tracing"}],
                  "headersOut":[{"namespace":"urn:h","name":"serverInfo"}]},
                 {"operation":"status","soapVersion":"1.1","request":"q2.xml","response":"r2.xml"}]
                """);

        List<SampleIndex.Entry> entries = SampleIndex.read(samples);

        assertEquals(List.of(new QName("urn:h", "clientToken"), new QName("urn:t", "tracing")), entries.get(0).headersIn());
        assertEquals(List.of(new QName("urn:h", "serverInfo")), entries.get(0).headersOut());
        assertEquals(List.of(), entries.get(1).headersIn());
        assertEquals(List.of(), entries.get(1).headersOut());
    }

    @Test
    void aHeaderBlockWithoutANameIsRefused() throws Exception {
        Files.writeString(samples.resolve("index.json"), """
                [{"operation":"lookup","request":"q.xml","headersIn":[{"namespace":"urn:h"}]}]
                """);

        SampleException failure = assertThrows(SampleException.class, () -> SampleIndex.read(samples));

        assertTrue(failure.getMessage().contains("header block without a name"), failure.getMessage());
    }
}
