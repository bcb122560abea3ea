package dev.soapbench.wsdl;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Pattern;

/** Path rules of a bundle: everything stays relative and inside. */
final class BundlePaths {

    private static final Pattern URI_SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:.*");

    // Entry names reach code generators and compilers as arguments and become file names on the
    // worker: letters, digits, '.', '_' and '-' only, never '-' first (an option to wsdl2h, javac).
    private static final Pattern SAFE_SEGMENT = Pattern.compile("[A-Za-z0-9._][A-Za-z0-9._-]*");
    static final int MAX_SEGMENT_CHARS = 100;
    static final int MAX_PATH_CHARS = 255;
    static final int MAX_PATH_SEGMENTS = 16;

    private BundlePaths() {}

    /** Why a normalised bundle path may not name a file on the worker, or null when it may. */
    static String unsafeEntryName(String path) {
        if (path.length() > MAX_PATH_CHARS) {
            return "its path is longer than " + MAX_PATH_CHARS + " characters";
        }
        String[] segments = path.split("/");
        if (segments.length > MAX_PATH_SEGMENTS) {
            return "it is nested deeper than " + MAX_PATH_SEGMENTS + " folders";
        }
        for (String segment : segments) {
            if (segment.startsWith("-")) {
                return "a name in its path starts with '-', which a tool would read as an option";
            }
            if (segment.length() > MAX_SEGMENT_CHARS) {
                return "a name in its path is longer than " + MAX_SEGMENT_CHARS + " characters";
            }
            if (!SAFE_SEGMENT.matcher(segment).matches()) {
                return "names in its path may hold only letters, digits, '.', '_' and '-' (separated by '/')";
            }
        }
        return null;
    }

    /**
     * The name a single uploaded file is kept under: its own name with every character outside
     * the safe set replaced by '_' and a leading '-' or '.' too, so that it is a plain file name
     * for every tool that receives it.
     */
    static String safeFileName(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.startsWith("-") || safe.startsWith(".")) {
            safe = "_" + safe.substring(1);
        }
        if (safe.length() > MAX_SEGMENT_CHARS) {
            int dot = safe.lastIndexOf('.');
            String extension = dot > 0 && safe.length() - dot <= 6 ? safe.substring(dot) : "";
            safe = safe.substring(0, MAX_SEGMENT_CHARS - extension.length()) + extension;
        }
        return safe;
    }

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
        String collapsed = collapse(path);
        return collapsed == null || collapsed.isEmpty() ? null : collapsed;
    }

    /**
     * The path's segments with "." and empty ones left out and each ".." taking away the one before
     * it, joined by "/"; null when a ".." climbs above the first segment.
     */
    static String collapse(String path) {
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
        return String.join("/", parts);
    }

    /**
     * Why a reference from a bundle file (an import, include or schema location hint) does not
     * name a path inside the bundle, or null when it does. Nothing is looked up: this holds for
     * references no import follows too.
     */
    static String whyOutside(String referringFile, String location) {
        String trimmed = location.trim();
        if (trimmed.isEmpty()) {
            return "refused: an empty location";
        }
        if (URI_SCHEME.matcher(trimmed).matches() || trimmed.startsWith("/") || trimmed.indexOf('\\') >= 0) {
            return "refused: imports must be relative paths inside the uploaded bundle (no URL is ever fetched)";
        }
        String decoded;
        try {
            decoded =
                    URLDecoder.decode(trimmed.replaceFirst("[#?].*$", "").replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return "refused: a malformed percent escape";
        }
        int slash = referringFile.lastIndexOf('/');
        String directory = slash < 0 ? "" : referringFile.substring(0, slash + 1);
        if (decoded.startsWith("/") || decoded.indexOf('\\') >= 0 || normalize(directory + decoded) == null) {
            return "refused: it points outside the uploaded bundle";
        }
        return null;
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
                    "import of " + ValueRules.shown(location)
                            + " refused: imports must be relative paths inside the uploaded bundle");
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
                    "import of " + ValueRules.shown(location) + " refused: it points outside the uploaded bundle");
        }
        if (!bundle.files().containsKey(resolved)) {
            throw new WsdlProblem(
                    importingFile,
                    line,
                    null,
                    "import of " + ValueRules.shown(location) + " not found in the bundle (looked for " + resolved
                            + ")");
        }
        return resolved;
    }
}
