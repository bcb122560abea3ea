package dev.soapbench.wsdl;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Pattern;

/** Path rules of a bundle: everything stays relative and inside. */
final class BundlePaths {

    private static final Pattern URI_SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:.*");

    private BundlePaths() {}

    /**
     * Normalises a path that names a file inside the bundle, or returns null when it is absolute,
     * carries a scheme or drive letter, or climbs out with "..".
     */
    static String normalize(String path) {
        if (path == null || path.isEmpty() || path.indexOf('\\') >= 0 || path.indexOf('\0') >= 0) {
            return null;
        }
        if (path.startsWith("/") || URI_SCHEME.matcher(path).matches()) {
            return null;
        }
        Deque<String> parts = new ArrayDeque<>();
        for (String part : path.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.removeLast();
            } else {
                parts.addLast(part);
            }
        }
        return parts.isEmpty() ? null : String.join("/", parts);
    }

    /**
     * Resolves an import location against the file that imports it, or throws naming the
     * importing file and line when the location leaves the bundle or names a missing file.
     */
    static String resolve(WsdlBundle bundle, String importingFile, Integer line, String location) {
        if (location == null || location.isBlank()) {
            throw new WsdlProblem(importingFile, line, null, "import without a location");
        }
        String trimmed = location.trim();
        if (URI_SCHEME.matcher(trimmed).matches() || trimmed.startsWith("/") || trimmed.startsWith("\\")) {
            throw new WsdlProblem(
                    importingFile,
                    line,
                    null,
                    "import of '" + location + "' refused: imports must be relative paths inside the uploaded bundle");
        }
        String withoutFragment = trimmed.replaceFirst("[#?].*$", "");
        String decoded = URLDecoder.decode(withoutFragment.replace("+", "%2B"), StandardCharsets.UTF_8);
        int slash = importingFile.lastIndexOf('/');
        String directory = slash < 0 ? "" : importingFile.substring(0, slash + 1);
        String resolved = normalize(directory + decoded);
        if (resolved == null) {
            throw new WsdlProblem(
                    importingFile,
                    line,
                    null,
                    "import of '" + location + "' refused: it points outside the uploaded bundle");
        }
        if (!bundle.files().containsKey(resolved)) {
            throw new WsdlProblem(
                    importingFile,
                    line,
                    null,
                    "import of '" + location + "' not found in the bundle (looked for " + resolved + ")");
        }
        return resolved;
    }
}
