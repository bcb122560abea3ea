package dev.soapbench.wsdl;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.namespace.QName;

/**
 * Writes a generated envelope as indented XML, declaring every namespace once on the root with
 * stable prefixes (soapenv, xsi, xsd, soapenc, then ns1, ns2, ... in order of first use).
 */
final class XmlWriter {

    private static final Map<String, String> WELL_KNOWN = Map.of(
            Namespaces.SOAP11_ENVELOPE, "soapenv",
            Namespaces.SOAP12_ENVELOPE, "soapenv",
            Namespaces.XSI, "xsi",
            Namespaces.XSD, "xsd",
            Namespaces.SOAP11_ENCODING, "soapenc",
            Namespaces.SOAP12_ENCODING, "soapenc");

    private final Map<String, String> prefixes = new LinkedHashMap<>();
    private final StringBuilder out = new StringBuilder();

    private XmlWriter() {}

    static String write(XmlNode root) {
        XmlWriter writer = new XmlWriter();
        writer.collect(root);
        writer.out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        writer.element(root, 0, true);
        return writer.out.toString();
    }

    private void collect(XmlNode node) {
        use(node.name);
        for (XmlNode.Attribute attribute : node.attributes) {
            use(attribute.name());
            use(attribute.value().qname());
        }
        if (node.text != null) {
            use(node.text.qname());
        }
        node.children.forEach(this::collect);
    }

    private void use(QName name) {
        if (name == null || name.getNamespaceURI().isEmpty() || prefixes.containsKey(name.getNamespaceURI())) {
            return;
        }
        String prefix = WELL_KNOWN.getOrDefault(name.getNamespaceURI(), "ns" + (countGenerated() + 1));
        prefixes.put(name.getNamespaceURI(), prefix);
    }

    private long countGenerated() {
        return prefixes.values().stream().filter(p -> p.matches("ns\\d+")).count();
    }

    private void element(XmlNode node, int depth, boolean root) {
        indent(depth);
        out.append('<').append(qualified(node.name));
        if (root) {
            prefixes.forEach((namespace, prefix) -> out.append(" xmlns:")
                    .append(prefix)
                    .append("=\"")
                    .append(escape(namespace, true))
                    .append('"'));
        }
        for (XmlNode.Attribute attribute : node.attributes) {
            out.append(' ')
                    .append(qualified(attribute.name()))
                    .append("=\"")
                    .append(escape(render(attribute.value()), true))
                    .append('"');
        }
        if (node.children.isEmpty() && node.text == null) {
            out.append("/>\n");
            return;
        }
        out.append('>');
        if (node.children.isEmpty()) {
            out.append(escape(render(node.text), false));
        } else {
            out.append('\n');
            for (XmlNode child : node.children) {
                element(child, depth + 1, false);
            }
            indent(depth);
        }
        out.append("</").append(qualified(node.name)).append(">\n");
    }

    private String render(XmlNode.Value value) {
        return value.qname() == null ? value.text() : qualified(value.qname()) + value.suffix();
    }

    private String qualified(QName name) {
        String prefix = prefixes.get(name.getNamespaceURI());
        return prefix == null ? name.getLocalPart() : prefix + ":" + name.getLocalPart();
    }

    private void indent(int depth) {
        out.append("  ".repeat(depth));
    }

    private static String escape(String text, boolean attribute) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append(attribute ? "&quot;" : "\"");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
