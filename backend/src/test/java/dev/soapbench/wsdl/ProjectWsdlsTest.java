package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The door's checks must let every WSDL the project itself ships through, samples included. */
class ProjectWsdlsTest {

    static Stream<Path> projectWsdlFolders() throws IOException {
        List<Path> roots = List.of(Path.of("../wsdl-catalog"), Path.of("../testdata/wsdl"));
        Stream<Path> folders = Stream.empty();
        for (Path root : roots) {
            try (Stream<Path> listed = Files.list(root)) {
                List<Path> found = listed.filter(Files::isDirectory)
                        .filter(folder -> !folder.getFileName().toString().equals("invalid"))
                        .sorted()
                        .toList();
                folders = Stream.concat(folders, found.stream());
            }
        }
        return folders;
    }

    @ParameterizedTest
    @MethodSource("projectWsdlFolders")
    void isAnalysedAndSampled(Path folder) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path file : paths.filter(Files::isRegularFile).toList()) {
                String relative = folder.relativize(file).toString();
                if (relative.endsWith(".wsdl") || relative.endsWith(".xsd")) {
                    files.put(relative, Files.readAllBytes(file));
                }
            }
        }
        String entry = files.keySet().stream()
                .filter(path -> path.endsWith(".wsdl") && !path.contains("/"))
                .findFirst()
                .orElseThrow();
        WsdlBundle bundle = WsdlBundles.fromUpload("bundle.zip", TestBundles.zip(files), entry);

        WsdlAnalysis analysis = new WsdlAnalyzer().analyze(bundle);

        assertFalse(analysis.operations().isEmpty());
        assertFalse(new SampleGenerator().generate(bundle, analysis).isEmpty());
    }
}
