package dev.soapbench.jvmsupport.build;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * BuilderArguments are a JVM builder's command line: {@code --out DIR --entry FILE [--catalog DIR]},
 * plus any options a stack's builder requires of its own (Axis2's {@code --runtime-classpath CP}).
 * Every builder refuses an unknown or incomplete command line with the same {@code error:} line.
 */
public record BuilderArguments(Path out, Path entry, Path catalog, Map<String, String> required) {

    /**
     * parse reads {@code args}; each of {@code requiredOptions} is an option and its value's name as
     * the usage line shows them ({@code "--runtime-classpath CP"}), and must be given.
     */
    public static BuilderArguments parse(String[] args, String... requiredOptions) throws BuildFailure {
        Map<String, String> names = new LinkedHashMap<>();
        StringBuilder usage = new StringBuilder("builder: usage: --out DIR --entry FILE");
        for (String option : requiredOptions) {
            names.put(option.split(" ", 2)[0], option);
            usage.append(' ').append(option);
        }
        usage.append(" [--catalog DIR]");

        Path out = null;
        Path entry = null;
        Path catalog = null;
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[i + 1]);
                case "--entry" -> entry = Path.of(args[i + 1]);
                case "--catalog" -> catalog = Path.of(args[i + 1]);
                default -> {
                    if (!names.containsKey(args[i])) {
                        throw BuildFailure.error("builder: unknown argument " + args[i]);
                    }
                    given.put(args[i], args[i + 1]);
                }
            }
        }
        if (out == null || entry == null || args.length % 2 != 0 || !given.keySet().equals(names.keySet())) {
            throw BuildFailure.error(usage.toString());
        }
        return new BuilderArguments(out.toAbsolutePath(), entry, catalog == null ? null : catalog.toAbsolutePath(), Map.copyOf(given));
    }

    /** option is the value of a required option, by its name ({@code "--runtime-classpath"}). */
    public String option(String name) {
        String value = required.get(name);
        if (value == null) {
            throw new IllegalArgumentException(name + " is not a required option of this builder");
        }
        return value;
    }

    /** bundle is the folder the runner copied the user's bundle to. */
    public Path bundle() {
        return out.resolve("wsdl");
    }
}
