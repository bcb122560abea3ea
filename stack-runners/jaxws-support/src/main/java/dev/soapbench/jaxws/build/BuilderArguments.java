package dev.soapbench.jaxws.build;

import dev.soapbench.jvmsupport.build.BuildFailure;
import java.nio.file.Path;

/** BuilderArguments are the builder's command line: {@code --out DIR --entry FILE [--catalog DIR]}. */
record BuilderArguments(Path out, Path entry, Path catalog) {

    static BuilderArguments parse(String[] args) throws BuildFailure {
        Path out = null;
        Path entry = null;
        Path catalog = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[i + 1]);
                case "--entry" -> entry = Path.of(args[i + 1]);
                case "--catalog" -> catalog = Path.of(args[i + 1]);
                default -> throw BuildFailure.error("builder: unknown argument " + args[i]);
            }
        }
        if (out == null || entry == null || args.length % 2 != 0) {
            throw BuildFailure.error("builder: usage: --out DIR --entry FILE [--catalog DIR]");
        }
        return new BuilderArguments(out.toAbsolutePath(), entry, catalog == null ? null : catalog.toAbsolutePath());
    }
}
