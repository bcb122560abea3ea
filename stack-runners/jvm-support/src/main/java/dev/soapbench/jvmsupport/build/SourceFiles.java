package dev.soapbench.jvmsupport.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * SourceFiles lists the Java sources below a folder (generated code, a catalog service) and names
 * the classes they declare, so a builder can load them after javac.
 */
public final class SourceFiles {
    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;.*");

    private SourceFiles() {}

    /** javaFiles are the {@code .java} files below root, in path order. */
    public static List<Path> javaFiles(Path root) throws BuildFailure {
        if (!Files.isDirectory(root)) {
            throw BuildFailure.error("no sources in " + root);
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw BuildFailure.error("cannot list sources in " + root + ": " + e.getMessage());
        }
    }

    /** classNames are the top-level classes of the sources, named by file name and package line. */
    public static List<String> classNames(List<Path> sources) throws BuildFailure {
        List<String> names = new ArrayList<>();
        for (Path source : sources) {
            String simpleName = source.getFileName().toString().replaceFirst("\\.java$", "");
            names.add(packageOf(source).map(p -> p + "." + simpleName).orElse(simpleName));
        }
        return names;
    }

    private static Optional<String> packageOf(Path source) throws BuildFailure {
        try (Stream<String> lines = Files.lines(source, StandardCharsets.UTF_8)) {
            return lines.map(PACKAGE::matcher).filter(Matcher::matches).map(m -> m.group(1)).findFirst();
        } catch (IOException | UncheckedIOException e) {
            throw BuildFailure.error("cannot read " + source + ": " + e.getMessage());
        }
    }
}
