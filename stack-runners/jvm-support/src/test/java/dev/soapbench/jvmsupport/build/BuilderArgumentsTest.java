package dev.soapbench.jvmsupport.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BuilderArgumentsTest {

    @Test
    void readsTheCommonOptionsInAnyOrder() throws Exception {
        BuilderArguments a = BuilderArguments.parse(new String[] {"--entry", "svc.wsdl", "--out", "/b", "--catalog", "/c"});
        assertEquals(Path.of("/b"), a.out());
        assertEquals(Path.of("svc.wsdl"), a.entry());
        assertEquals(Path.of("/c"), a.catalog());
        assertEquals(Path.of("/b/wsdl"), a.bundle());
    }

    @Test
    void theCatalogIsOptionalAndTheOutFolderAbsolute() throws Exception {
        BuilderArguments a = BuilderArguments.parse(new String[] {"--out", "rel", "--entry", "svc.wsdl"});
        assertNull(a.catalog());
        assertEquals(Path.of("rel").toAbsolutePath(), a.out());
    }

    @Test
    void aStacksRequiredOptionMustBeGiven() throws Exception {
        String[] given = {"--out", "/b", "--entry", "e.wsdl", "--runtime-classpath", "a.jar:b.jar"};
        assertEquals("a.jar:b.jar", BuilderArguments.parse(given, "--runtime-classpath CP").option("--runtime-classpath"));

        BuildFailure missing = assertThrows(BuildFailure.class,
                () -> BuilderArguments.parse(new String[] {"--out", "/b", "--entry", "e.wsdl"}, "--runtime-classpath CP"));
        assertEquals("error: builder: usage: --out DIR --entry FILE --runtime-classpath CP [--catalog DIR]", missing.line());
    }

    @Test
    void anOptionNoBuilderTakesIsRefusedByName() {
        BuildFailure unknown = assertThrows(BuildFailure.class,
                () -> BuilderArguments.parse(new String[] {"--out", "/b", "--entry", "e.wsdl", "--runtime-classpath", "x"}));
        assertEquals("error: builder: unknown argument --runtime-classpath", unknown.line());
    }

    @Test
    void aMissingValueOrOptionShowsTheUsage() {
        for (String[] args : new String[][] {{"--out", "/b", "--entry"}, {"--out", "/b"}, {}}) {
            BuildFailure failure = assertThrows(BuildFailure.class, () -> BuilderArguments.parse(args));
            assertEquals("error: builder: usage: --out DIR --entry FILE [--catalog DIR]", failure.line());
        }
    }
}
