package dev.soapbench.jvmsupport.build;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** JavaCompilation runs javac inside the builder's JVM, which is already warm from code generation. */
public final class JavaCompilation {
    private JavaCompilation() {}

    public static void compile(List<Path> sources, Path classes, String classpath, PrintStream log) throws BuildFailure {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw BuildFailure.error("no Java compiler in this JVM; a JDK 17 is needed, not a JRE");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<String> options = List.of(
                "-d", classes.toString(),
                "-classpath", classpath,
                "--release", "17",
                "-encoding", "UTF-8",
                "-proc:none",
                "-nowarn",
                "-Xlint:none");
        boolean compiled;
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            compiled = javac.getTask(new PrintWriter(log, true), files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
        } catch (IOException e) {
            throw BuildFailure.error("javac: " + e.getMessage());
        }
        Diagnostic<? extends JavaFileObject> firstError = null;
        for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
            log.println(diagnostic.getKind() + " " + where(diagnostic) + ": " + diagnostic.getMessage(Locale.ROOT));
            if (firstError == null && diagnostic.getKind() == Diagnostic.Kind.ERROR) {
                firstError = diagnostic;
            }
        }
        if (!compiled) {
            throw BuildFailure.error(firstError == null ? "javac failed"
                    : "javac: " + where(firstError) + ": " + firstError.getMessage(Locale.ROOT).lines().findFirst().orElse(""));
        }
    }

    private static String where(Diagnostic<? extends JavaFileObject> diagnostic) {
        if (diagnostic.getSource() == null) {
            return "";
        }
        return Path.of(diagnostic.getSource().toUri()).getFileName() + ":" + diagnostic.getLineNumber();
    }
}
