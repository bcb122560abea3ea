package dev.soapbench.wsdl;

import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;

/**
 * A generated element before it is written. Values that name a schema component (xsi:type,
 * soapenc:arrayType, xsd:QName content) stay QNames until {@link XmlWriter} assigns prefixes.
 */
final class XmlNode {

    /** Text or attribute content: a plain string, or a QName written as prefix:local plus a suffix. */
    record Value(String text, QName qname, String suffix) {
        static Value of(String text) {
            return new Value(text, null, "");
        }

        static Value of(QName qname, String suffix) {
            return new Value(null, qname, suffix);
        }
    }

    record Attribute(QName name, Value value) {}

    final QName name;
    final List<Attribute> attributes = new ArrayList<>();
    final List<XmlNode> children = new ArrayList<>();
    Value text;

    XmlNode(QName name) {
        this.name = name;
    }

    XmlNode add(XmlNode child) {
        children.add(child);
        return child;
    }

    void attribute(QName attributeName, Value value) {
        attributes.removeIf(a -> a.name().equals(attributeName));
        attributes.add(new Attribute(attributeName, value));
    }

    boolean hasAttribute(QName attributeName) {
        return attributes.stream().anyMatch(a -> a.name().equals(attributeName));
    }
}
