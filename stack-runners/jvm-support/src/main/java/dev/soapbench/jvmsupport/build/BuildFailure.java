package dev.soapbench.jvmsupport.build;

import java.nio.file.Path;

/**
 * BuildFailure ends a build with the contract's last stderr line: {@code unsupported: ...} when the
 * WSDL needs what the stack cannot do, {@code error: ...} for anything else.
 */
public final class BuildFailure extends Exception {
    private final boolean unsupported;

    private BuildFailure(boolean unsupported, String message) {
        super(message.replaceAll("\\s+", " ").trim());
        this.unsupported = unsupported;
    }

    public static BuildFailure unsupported(String what) {
        return new BuildFailure(true, what);
    }

    public static BuildFailure error(String what) {
        return new BuildFailure(false, what);
    }

    public String line() {
        return (unsupported ? "unsupported: " : "error: ") + getMessage();
    }

    /**
     * line, with the worker's paths taken out: a file of the bundle (copied to {@code bundle}) is
     * named as the user knows it, relative to the bundle, and any other file of the build folder
     * relative to that folder. A tool's message can hold either, as a path or a {@code file:} URI.
     */
    public String line(Path bundle, Path buildFolder) {
        return withoutPaths(line(), bundle, buildFolder);
    }

    /** withoutPaths rewrites the bundle's and the build folder's absolute paths in text (see {@link #line(Path, Path)}). */
    public static String withoutPaths(String text, Path bundle, Path buildFolder) {
        String result = text;
        for (Path folder : new Path[] {bundle, buildFolder}) {
            if (folder == null) {
                continue;
            }
            String path = folder.toAbsolutePath().normalize().toString();
            String uri = folder.toAbsolutePath().normalize().toUri().toString();  // file:///x/y/
            if (!uri.endsWith("/")) {
                uri += "/";
            }
            result = result.replace(uri, "")
                    .replace("file://" + path + "/", "")
                    .replace("file:" + path + "/", "")
                    .replace(path + "/", "");
        }
        if (buildFolder != null) {
            result = result.replace(buildFolder.toAbsolutePath().normalize().toString(), "the build folder");
        }
        return result;
    }
}
