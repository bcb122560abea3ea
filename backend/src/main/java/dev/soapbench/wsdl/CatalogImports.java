package dev.soapbench.wsdl;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Applies a bundle's XML catalogs ({@link XmlCatalogs}) once, at the door: every import location
 * (wsdl:import/@location, xsd:import, include, redefine and override/@schemaLocation) in every
 * XML file of the bundle that a catalog maps is rewritten to the relative path of the bundle file
 * it maps to, and the catalog files are left out. Every stack then builds the same resolved
 * bundle, whether its tools read catalogs or not, and the backend's own checks see it as the
 * stacks will.
 *
 * <p>Only the attribute's value changes, in the uploaded text: every other character, and so
 * every line and column a later error names, stays as uploaded.
 */
final class CatalogImports {

    private record Edit(int ordinal, String attribute, String value) {}

    private CatalogImports() {}

    /** The bundle with its catalogs applied, or the bundle itself when it holds none. */
    static WsdlBundle apply(WsdlBundle bundle) {
        XmlCatalogs catalogs = XmlCatalogs.of(bundle.files());
        if (catalogs.isEmpty()) {
            return bundle;
        }
        if (catalogs.paths().contains(bundle.entry())) {
            throw new WsdlProblem(bundle.entry(), null, null, "the entry is an XML catalog, not a WSDL");
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        List<CatalogRewrite> rewrites = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : bundle.files().entrySet()) {
            String path = file.getKey();
            if (catalogs.paths().contains(path)) {
                continue;
            }
            boolean xml = BundleValues.isXml(path, file.getValue());
            files.put(path, xml ? rewrite(path, file.getValue(), catalogs, rewrites) : file.getValue());
        }
        List<String> warnings = new ArrayList<>(catalogs.warnings());
        for (String catalog : catalogs.paths()) {
            if (rewrites.stream().noneMatch(rewrite -> rewrite.catalog().equals(catalog))) {
                warnings.add(catalog + ": an XML catalog that maps none of the bundle's imports");
            }
        }
        return new WsdlBundle(
                bundle.entry(), files, new AppliedCatalogs(List.copyOf(catalogs.paths()), rewrites, warnings));
    }

    private static byte[] rewrite(String path, byte[] content, XmlCatalogs catalogs, List<CatalogRewrite> rewrites) {
        Document document = SecureXml.parse(path, content);
        List<Edit> edits = new ArrayList<>();
        int elements = visit(document.getDocumentElement(), 0, path, catalogs, edits, rewrites);
        if (edits.isEmpty()) {
            return content;
        }
        Charset charset = charset(path, SecureXml.encoding(document));
        String text = new String(content, charset);
        if (!Arrays.equals(text.getBytes(charset), content)) {
            throw new WsdlProblem(
                    path,
                    null,
                    null,
                    "imports an XML catalog maps cannot be rewritten in this file: its " + charset.name()
                            + " text does not read back to the same bytes; save it as UTF-8");
        }
        List<StartTags.Tag> tags;
        try {
            tags = StartTags.of(text);
        } catch (RuntimeException e) {
            tags = List.of();
        }
        if (tags.size() != elements) {
            throw new WsdlProblem(
                    path,
                    null,
                    null,
                    "imports an XML catalog maps cannot be rewritten in this file: its"
                            + " start tags could not be told apart");
        }
        return replaceValues(text, tags, edits).getBytes(charset);
    }

    /** Walks the elements in document order, numbering them as {@link StartTags} does; returns the next number. */
    private static int visit(
            Element element,
            int ordinal,
            String path,
            XmlCatalogs catalogs,
            List<Edit> edits,
            List<CatalogRewrite> rewrites) {
        String attribute = locationAttribute(element);
        if (attribute != null && element.hasAttribute(attribute)) {
            String location = element.getAttribute(attribute).trim();
            // A location the value rules refuse is left as it is, for BundleValues to refuse with its reason.
            if (ValueRules.violation(ValueRules.Kind.URI, location) == null) {
                Integer line = SecureXml.line(element);
                XmlCatalogs.Match match = catalogs.resolve(location, path + (line == null ? "" : ":" + line));
                if (match != null) {
                    edits.add(new Edit(ordinal, attribute, relative(path, match.target())));
                    rewrites.add(new CatalogRewrite(
                            path,
                            line,
                            location,
                            match.target(),
                            match.entry().catalog(),
                            match.entry().line(),
                            match.entry().kind().element));
                }
            }
        }
        int next = ordinal + 1;
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element childElement) {
                next = visit(childElement, next, path, catalogs, edits, rewrites);
            }
        }
        return next;
    }

    /** The attribute of an import, include, redefine or override that names the file it reads. */
    private static String locationAttribute(Element element) {
        String namespace = element.getNamespaceURI();
        String local = element.getLocalName();
        if (Namespaces.WSDL.equals(namespace) && "import".equals(local)) {
            return "location";
        }
        if (Namespaces.XSD.equals(namespace)
                && ("import".equals(local)
                        || "include".equals(local)
                        || "redefine".equals(local)
                        || "override".equals(local))) {
            return "schemaLocation";
        }
        return null;
    }

    private static String replaceValues(String text, List<StartTags.Tag> tags, List<Edit> edits) {
        StringBuilder out = new StringBuilder(text);
        List<Edit> lastFirst = edits.stream()
                .sorted(Comparator.comparingInt(Edit::ordinal).reversed())
                .toList();
        for (Edit edit : lastFirst) {
            StartTags.Attribute attribute = tags.get(edit.ordinal()).attributes().stream()
                    .filter(candidate -> candidate.name().equals(edit.attribute()))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("attribute " + edit.attribute() + " not found"));
            String old = text.substring(attribute.valueStart(), attribute.valueEnd());
            // A value written over several lines keeps its line breaks, after the quote: the lines below stay put.
            String breaks = old.replaceAll("[^\r\n]", "");
            out.replace(attribute.valueEnd(), attribute.valueEnd() + 1, attribute.quote() + breaks);
            out.replace(attribute.valueStart(), attribute.valueEnd(), escape(edit.value(), attribute.quote()));
        }
        return out.toString();
    }

    /** The path of bundle file {@code target} relative to the folder of bundle file {@code from}. */
    static String relative(String from, String target) {
        String[] fromFolders = from.substring(0, from.lastIndexOf('/') + 1).split("/");
        String[] targetParts = target.split("/");
        int folders = from.contains("/") ? fromFolders.length : 0;
        int common = 0;
        while (common < folders && common < targetParts.length - 1 && fromFolders[common].equals(targetParts[common])) {
            common++;
        }
        StringBuilder out = new StringBuilder("../".repeat(folders - common));
        out.append(String.join("/", Arrays.asList(targetParts).subList(common, targetParts.length)));
        return out.toString();
    }

    private static String escape(String value, char quote) {
        StringBuilder out = new StringBuilder();
        for (char c : value.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append(quote == '"' ? "&quot;" : "\"");
                case '\'' -> out.append(quote == '\'' ? "&apos;" : "'");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static Charset charset(String path, String name) {
        try {
            return Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new WsdlProblem(
                    path,
                    null,
                    null,
                    "imports an XML catalog maps cannot be rewritten in this file:" + " its encoding "
                            + ValueRules.shown(name) + " is unknown to Java; save it as UTF-8");
        }
    }
}
