package dev.soapbench.wsdl;

import dev.soapbench.wsdl.XmlCatalog.Entry;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The XML catalogs of a bundle as one catalog list, in the order they are consulted, and what
 * that list maps an import's location to.
 *
 * <p>Which files: every file named {@code jax-ws-catalog.xml} (which must then be an OASIS catalog)
 * or {@code catalog.xml} whose root is an OASIS catalog, in any folder, and every bundle file their
 * {@code nextCatalog} entries name. Order: {@code jax-ws-catalog.xml} files before
 * {@code catalog.xml} files, shallower folders first, then by path; each catalog is followed by the
 * catalogs its {@code nextCatalog} entries name, as XML Catalogs 1.1 (section 8) consults them. A
 * {@code nextCatalog} chain that comes back to a catalog it passed through is refused.
 *
 * <p>How a location is looked up (sections 7.2.2 and 7.2.3): first as a system identifier
 * ({@code system}, then the longest matching {@code rewriteSystem}, then the longest matching
 * {@code systemSuffix}, catalog after catalog), then, if nothing matched, as a URI ({@code uri},
 * {@code rewriteURI}, {@code uriSuffix}), as CXF's and Metro's resolvers do for WSDL and schema
 * imports. The result is never looked up again, so mappings cannot loop.
 */
final class XmlCatalogs {

    static final String JAX_WS_CATALOG = "jax-ws-catalog.xml";
    static final String CATALOG = "catalog.xml";

    /** What a location maps to: the bundle file, by which entry. */
    record Match(Entry entry, String target) {}

    private final Map<String, byte[]> files;
    private final List<XmlCatalog> catalogs = new ArrayList<>();
    private final Set<String> read = new LinkedHashSet<>();

    private XmlCatalogs(Map<String, byte[]> files) {
        this.files = files;
    }

    /** The catalog list of a bundle's files; empty when the bundle holds no catalog. */
    static XmlCatalogs of(Map<String, byte[]> files) {
        XmlCatalogs list = new XmlCatalogs(files);
        List<String> named = files.keySet().stream()
                .filter(path -> fileName(path).equals(JAX_WS_CATALOG)
                        || (fileName(path).equals(CATALOG) && list.rootIsCatalog(path)))
                .sorted(Comparator.comparing((String path) -> fileName(path).equals(JAX_WS_CATALOG) ? 0 : 1)
                        .thenComparing(path -> path.split("/").length)
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
        for (String path : named) {
            list.follow(path, new ArrayDeque<>(), null, null);
        }
        return list;
    }

    boolean isEmpty() {
        return catalogs.isEmpty();
    }

    /** The bundle paths of every catalog read, in the order they are consulted. */
    Set<String> paths() {
        return read;
    }

    /** Entries the catalogs hold but SOAPBench does not apply, each with its file and line. */
    List<String> warnings() {
        return catalogs.stream().flatMap(catalog -> catalog.warnings.stream()).toList();
    }

    /**
     * The bundle file a location maps to, or null when no entry matches it. {@code importedAt}
     * (file:line of the import) names the import in a refusal: a rewrite entry whose result
     * leaves the bundle, or names a file the bundle lacks or a catalog, is refused here.
     */
    Match resolve(String location, String importedAt) {
        String identifier = XmlCatalog.normalize(location);
        for (boolean system : new boolean[] {true, false}) {
            for (XmlCatalog catalog : catalogs) {
                Match match = inCatalog(catalog, identifier, system, location, importedAt);
                if (match != null) {
                    return match;
                }
            }
        }
        return null;
    }

    private Match inCatalog(XmlCatalog catalog, String identifier, boolean system, String location, String importedAt) {
        Predicate<Entry> ofThisKind = entry -> entry.kind().isSystem() == system;
        for (Entry entry : catalog.entries) {
            if (ofThisKind.test(entry)
                    && (entry.kind() == XmlCatalog.Kind.SYSTEM || entry.kind() == XmlCatalog.Kind.URI)
                    && entry.match().equals(identifier)) {
                return checked(entry, entry.target(), location, importedAt);
            }
        }
        Entry rewrite = longest(
                catalog, ofThisKind.and(entry -> entry.kind().rewrites() && identifier.startsWith(entry.match())));
        if (rewrite != null) {
            String rest = identifier.substring(rewrite.match().length());
            return checked(rewrite, rewritten(rewrite, rest, location, importedAt), location, importedAt);
        }
        Entry suffix = longest(
                catalog,
                ofThisKind.and(entry -> !entry.kind().rewrites()
                        && entry.kind() != XmlCatalog.Kind.SYSTEM
                        && entry.kind() != XmlCatalog.Kind.URI
                        && identifier.endsWith(entry.match())));
        return suffix == null ? null : checked(suffix, suffix.target(), location, importedAt);
    }

    /** The matching entry with the longest match string, the first of equals (sections 7.2.2, 7.2.3). */
    private static Entry longest(XmlCatalog catalog, Predicate<Entry> matches) {
        Entry best = null;
        for (Entry entry : catalog.entries) {
            if (matches.test(entry)
                    && (best == null || entry.match().length() > best.match().length())) {
                best = entry;
            }
        }
        return best;
    }

    /** A rewrite entry's prefix with the rest of the location after its start string. */
    private static String rewritten(Entry entry, String rest, String location, String importedAt) {
        String decoded;
        try {
            decoded = URLDecoder.decode(rest.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw refuse(entry, location, importedAt, "leaves a malformed percent escape");
        }
        if (decoded.indexOf('?') >= 0
                || decoded.indexOf('#') >= 0
                || decoded.indexOf('\\') >= 0
                || decoded.indexOf('\0') >= 0) {
            throw refuse(
                    entry, location, importedAt, "leaves " + ValueRules.shown(decoded) + ", which is no file path");
        }
        String target = XmlCatalog.join("", entry.target() + decoded);
        if (target == null) {
            throw refuse(
                    entry,
                    location,
                    importedAt,
                    "rewrites it to " + ValueRules.shown(entry.target() + decoded)
                            + ", which points outside the uploaded bundle");
        }
        return target;
    }

    private Match checked(Entry entry, String target, String location, String importedAt) {
        if (read.contains(target)) {
            throw refuse(entry, location, importedAt, "maps it to the catalog " + target + ", not to a WSDL or schema");
        }
        if (!files.containsKey(target)) {
            throw refuse(
                    entry,
                    location,
                    importedAt,
                    "maps it to " + ValueRules.shown(target) + ", which is not a file of the bundle");
        }
        return new Match(entry, target);
    }

    private static WsdlProblem refuse(Entry entry, String location, String importedAt, String why) {
        return new WsdlProblem(
                entry.catalog(),
                entry.line(),
                null,
                entry.describe() + " matches the import of " + ValueRules.shown(location) + " at " + importedAt
                        + " and " + why);
    }

    private void follow(String path, Deque<String> chain, String from, Integer line) {
        if (chain.contains(path)) {
            List<String> loop = new ArrayList<>(chain);
            Collections.reverse(loop); // the chain is a stack: the latest catalog first
            loop.add(path);
            throw new WsdlProblem(
                    from,
                    line,
                    null,
                    "nextCatalog " + ValueRules.shown(path) + " makes a loop of catalogs: "
                            + String.join(" → ", loop.subList(loop.indexOf(path), loop.size())));
        }
        if (!read.add(path)) {
            return;
        }
        XmlCatalog catalog = XmlCatalog.read(path, files);
        catalogs.add(catalog);
        chain.push(path);
        for (XmlCatalog.Next next : catalog.nextCatalogs) {
            follow(next.path(), chain, path, next.line());
        }
        chain.pop();
    }

    private boolean rootIsCatalog(String path) {
        byte[] content = files.get(path);
        try {
            return XmlCatalog.isCatalog(SecureXml.parse(path, content).getDocumentElement());
        } catch (WsdlProblem notXml) {
            return false; // an ordinary file named catalog.xml; the checks of every XML file judge it
        }
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    }
}
