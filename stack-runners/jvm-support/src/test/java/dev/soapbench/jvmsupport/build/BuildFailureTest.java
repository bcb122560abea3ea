package dev.soapbench.jvmsupport.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildFailureTest {
    @TempDir
    Path out;

    @Test
    void aReasonNamesTheBundlesFilesAsTheUserKnowsThem() throws Exception {
        Path bundle = java.nio.file.Files.createDirectories(out.resolve("wsdl"));
        BuildFailure failure = BuildFailure.error("wsimport: undefined element, in " + bundle.toUri() + "types/a.xsd:7; see "
                + "file:" + bundle + "/echo.wsdl and " + out.resolve("samples/ping.request.xml") + " in " + out);

        assertEquals("error: wsimport: undefined element, in types/a.xsd:7; see echo.wsdl and samples/ping.request.xml"
                + " in the build folder", failure.line(bundle, out));
    }
}
