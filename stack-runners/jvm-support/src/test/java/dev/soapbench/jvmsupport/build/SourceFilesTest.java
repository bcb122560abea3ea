package dev.soapbench.jvmsupport.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceFilesTest {
    @TempDir
    Path root;

    @Test
    void namesEachSourcesClassByItsPackageLine() throws Exception {
        Files.createDirectories(root.resolve("b/deep"));
        // The package line decides, not the folder: generators may write one package elsewhere.
        Files.writeString(root.resolve("b/deep/Port.java"), "// header\npackage org.example.svc;\n\npublic interface Port {}\n");
        Files.writeString(root.resolve("Loose.java"), "public class Loose {}\n");
        Files.writeString(root.resolve("b/notes.txt"), "package not.a.source;\n");

        List<Path> sources = SourceFiles.javaFiles(root);

        assertEquals(List.of(root.resolve("Loose.java"), root.resolve("b/deep/Port.java")), sources);
        assertEquals(List.of("Loose", "org.example.svc.Port"), SourceFiles.classNames(sources));
    }

    @Test
    void aMissingFolderIsABuildError() {
        BuildFailure failure = assertThrows(BuildFailure.class, () -> SourceFiles.javaFiles(root.resolve("absent")));
        assertEquals("error: no sources in " + root.resolve("absent"), failure.line());
    }
}
