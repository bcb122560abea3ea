package dev.soapbench.wsdl;

import javax.xml.namespace.QName;
import org.w3c.dom.Element;

/** Attribute values that are QNames ({@code type="xs:date"}), resolved against their element's prefixes. */
final class QNameValues {

    private QNameValues() {}

    /**
     * The QName {@code value} names in the scope of {@code scope}; an unprefixed value is in the
     * default namespace, an unbound prefix gives no namespace.
     */
    static QName resolve(Element scope, String value) {
        int colon = value.indexOf(':');
        String local = colon < 0 ? value : value.substring(colon + 1);
        String namespace = scope.lookupNamespaceURI(colon < 0 ? null : value.substring(0, colon));
        return new QName(namespace == null ? "" : namespace, local);
    }
}
