package dev.soapbench.wsdl;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * One OASIS XML Catalogs 1.1 file of a bundle: its {@code system}, {@code uri},
 * {@code rewriteSystem}, {@code rewriteURI}, {@code systemSuffix} and {@code uriSuffix} entries in
 * document order (inside {@code group}s too), with {@code xml:base} applied as XML Base says, and
 * the bundle files its {@code nextCatalog} entries name.
 *
 * <p>The file is hostile: every target must be a relative reference that stays inside the bundle,
 * and the file an entry maps to must exist; anything else is a {@link WsdlProblem} naming the
 * catalog file, the entry's line and the entry. Delegation ({@code delegateSystem},
 * {@code delegateURI}, {@code delegatePublic}) would hand resolution to catalogs elsewhere: those
 * entries are ignored with a warning. {@code public} entries are ignored: imports carry no public
 * identifiers.
 */
final class XmlCatalog {

    static final String NAMESPACE = "urn:oasis:names:tc:entity:xmlns:xml:catalog";

    private static final Pattern URI_SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:.*");

    /** The entry kinds that map an identifier to a file: element, matched attribute, target attribute. */
    enum Kind {
        SYSTEM("system", "systemId", "uri"),
        URI("uri", "name", "uri"),
        REWRITE_SYSTEM("rewriteSystem", "systemIdStartString", "rewritePrefix"),
        REWRITE_URI("rewriteURI", "uriStartString", "rewritePrefix"),
        SYSTEM_SUFFIX("systemSuffix", "systemIdSuffix", "uri"),
        URI_SUFFIX("uriSuffix", "uriSuffix", "uri");

        final String element;
        final String matched;
        final String target;

        Kind(String element, String matched, String target) {
            this.element = element;
            this.matched = matched;
            this.target = target;
        }

        boolean rewrites() {
            return this == REWRITE_SYSTEM || this == REWRITE_URI;
        }

        boolean isSystem() {
            return this == SYSTEM || this == REWRITE_SYSTEM || this == SYSTEM_SUFFIX;
        }
    }

    /**
     * An entry: what it matches (normalised as the specification says) and the bundle path it maps
     * to, or for a rewrite entry the path its prefix stands for (a folder, or "" for the bundle's root).
     */
    record Entry(Kind kind, String matched, String written, String match, String target, String catalog, Integer line) {

        /** The catalog file and line, e.g. META-INF/jax-ws-catalog.xml:4. */
        String where() {
            return catalog + (line == null ? "" : ":" + line);
        }

        /** The entry as written, e.g. {@code <system systemId="http://x/a.xsd" uri="a.xsd">}. */
        String describe() {
            return "<" + kind.element + " " + kind.matched + "=" + ValueRules.shown(matched) + " " + kind.target + "="
                    + ValueRules.shown(written) + ">";
        }
    }

    /** A nextCatalog entry: the bundle file it names, and where it is. */
    record Next(String path, Integer line) {}

    final String path;
    final List<Entry> entries = new ArrayList<>();
    final List<Next> nextCatalogs = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();
    private final Map<String, byte[]> files;

    private XmlCatalog(String path, Map<String, byte[]> files) {
        this.path = path;
        this.files = files;
    }

    /** Whether a bundle file is an OASIS XML catalog: its root is {@code catalog} in the catalog namespace. */
    static boolean isCatalog(Element root) {
        return NAMESPACE.equals(root.getNamespaceURI()) && "catalog".equals(root.getLocalName());
    }

    /** Reads the catalog at {@code path} of the bundle's files, or throws naming what is wrong and where. */
    static XmlCatalog read(String path, Map<String, byte[]> files) {
        Element root = SecureXml.parse(path, files.get(path)).getDocumentElement();
        if (!isCatalog(root)) {
            throw new WsdlProblem(
                    path,
                    SecureXml.line(root),
                    null,
                    "not an OASIS XML catalog: the root element is " + root.getTagName() + " in namespace "
                            + ValueRules.shown(String.valueOf(root.getNamespaceURI())) + ", expected catalog in "
                            + NAMESPACE);
        }
        XmlCatalog catalog = new XmlCatalog(path, files);
        catalog.walk(root, path);
        return catalog;
    }

    private void walk(Element element, String inheritedBase) {
        String base = baseOf(element, inheritedBase);
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (!(child instanceof Element entry) || !NAMESPACE.equals(entry.getNamespaceURI())) {
                continue; // elements of other namespaces are extensions, ignored with their content
            }
            String name = entry.getLocalName();
            if (name.equals("group")) {
                walk(entry, base);
            } else if (name.equals("nextCatalog")) {
                nextCatalog(entry, base);
            } else if (name.startsWith("delegate")) {
                warnings.add(where(entry) + ": " + name
                        + " ignored: delegation hands resolution to catalogs outside the bundle's own");
            } else {
                for (Kind kind : Kind.values()) {
                    if (kind.element.equals(name)) {
                        entries.add(entry(kind, entry, base));
                    }
                }
            }
        }
    }

    private Entry entry(Kind kind, Element element, String inheritedBase) {
        String matched = required(element, kind.matched);
        String written = required(element, kind.target);
        String target = resolve(element, kind.target, written, baseOf(element, inheritedBase));
        if (!kind.rewrites() && !files.containsKey(target)) {
            throw refuse(
                    element,
                    "maps to " + ValueRules.shown(target) + ", which is not a file of the bundle (relative "
                            + "references in a catalog start from the catalog's own folder or its xml:base)");
        }
        return new Entry(kind, matched, written, normalize(matched), target, path, SecureXml.line(element));
    }

    private void nextCatalog(Element element, String inheritedBase) {
        String target = resolve(element, "catalog", required(element, "catalog"), baseOf(element, inheritedBase));
        if (!files.containsKey(target)) {
            throw refuse(element, "names " + ValueRules.shown(target) + ", which is not a file of the bundle");
        }
        nextCatalogs.add(new Next(target, SecureXml.line(element)));
    }

    /** An element's base: its own xml:base resolved against the inherited one (XML Base), else the inherited one. */
    private String baseOf(Element element, String inheritedBase) {
        if (!element.hasAttributeNS(XMLConstants.XML_NS_URI, "base")) {
            return inheritedBase;
        }
        return resolve(element, "xml:base", element.getAttributeNS(XMLConstants.XML_NS_URI, "base"), inheritedBase);
    }

    private String required(Element element, String attribute) {
        if (!element.hasAttribute(attribute)) {
            throw refuse(element, "has no " + attribute + " attribute");
        }
        return element.getAttribute(attribute);
    }

    /**
     * Resolves a relative reference against a base (a bundle path: a file, or a folder ending in
     * '/'), as RFC 3986 does, to a bundle path; a folder keeps its trailing '/'. Anything that
     * could name a place outside the bundle is refused: a scheme ({@code file:}, {@code http:}, a
     * drive letter), an absolute path, a backslash, a query or fragment, a climb above the root.
     */
    private String resolve(Element element, String attribute, String reference, String base) {
        String shown = attribute + " " + ValueRules.shown(reference);
        if (URI_SCHEME.matcher(reference).matches() || reference.startsWith("/") || reference.indexOf('\\') >= 0) {
            throw refuse(
                    element,
                    "refused: " + shown + " is not a relative path inside the bundle (nothing outside"
                            + " the upload is read)");
        }
        if (reference.indexOf('?') >= 0 || reference.indexOf('#') >= 0) {
            throw refuse(element, "refused: " + shown + " has a query or fragment, which names no file");
        }
        String decoded;
        try {
            decoded = URLDecoder.decode(reference.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw refuse(element, "refused: " + shown + " holds a malformed percent escape");
        }
        if (decoded.indexOf('\\') >= 0 || decoded.indexOf('\0') >= 0) {
            throw refuse(element, "refused: " + shown + " is not a relative path inside the bundle");
        }
        String resolved = join(base, decoded);
        if (resolved == null) {
            throw refuse(element, "refused: " + shown + " points outside the uploaded bundle");
        }
        return resolved;
    }

    /**
     * The bundle path of {@code reference} resolved against {@code base}, or null when it climbs
     * above the bundle's root. "" is the root folder.
     */
    static String join(String base, String reference) {
        String folder = base.substring(0, base.lastIndexOf('/') + 1);
        String combined = reference.isEmpty() ? base : folder + reference;
        boolean isFolder = combined.isEmpty()
                || combined.endsWith("/")
                || combined.endsWith("/.")
                || combined.endsWith("/..")
                || combined.equals(".")
                || combined.equals("..");
        String joined = BundlePaths.collapse(combined);
        if (joined == null) {
            return null;
        }
        return isFolder && !joined.isEmpty() ? joined + "/" : joined;
    }

    /**
     * A system identifier or URI as XML Catalogs 1.1 (section 6.3) compares them: every character
     * a URI may not hold (controls, space, {@code " < > \ ^ ` { | }} and non-ASCII) percent-encoded
     * as UTF-8.
     */
    static String normalize(String identifier) {
        StringBuilder out = new StringBuilder();
        for (byte b : identifier.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c <= 0x20 || c >= 0x7F || "\"<>\\^`{|}".indexOf(c) >= 0) {
                out.append('%').append(String.format("%02X", c));
            } else {
                out.append((char) c);
            }
        }
        return out.toString();
    }

    private String where(Element element) {
        Integer line = SecureXml.line(element);
        return path + (line == null ? "" : ":" + line);
    }

    private WsdlProblem refuse(Element element, String why) {
        return new WsdlProblem(path, SecureXml.line(element), SecureXml.column(element), describe(element) + " " + why);
    }

    /** The entry as written, e.g. {@code <system systemId="http://x/a.xsd" uri="a.xsd">}. */
    private static String describe(Element element) {
        StringBuilder out = new StringBuilder("<").append(element.getLocalName());
        for (String attribute : List.of(
                "systemId",
                "name",
                "systemIdStartString",
                "uriStartString",
                "systemIdSuffix",
                "uriSuffix",
                "uri",
                "rewritePrefix",
                "catalog")) {
            if (element.hasAttribute(attribute)) {
                out.append(' ').append(attribute).append('=').append(ValueRules.shown(element.getAttribute(attribute)));
            }
        }
        if (element.hasAttributeNS(XMLConstants.XML_NS_URI, "base")) {
            out.append(" xml:base=").append(ValueRules.shown(element.getAttributeNS(XMLConstants.XML_NS_URI, "base")));
        }
        return out.append('>').toString();
    }
}
