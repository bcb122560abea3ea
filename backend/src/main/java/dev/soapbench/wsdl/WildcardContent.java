package dev.soapbench.wsdl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.ws.commons.schema.XmlSchema;
import org.apache.ws.commons.schema.XmlSchemaAny;
import org.apache.ws.commons.schema.XmlSchemaCollection;
import org.apache.ws.commons.schema.XmlSchemaComplexType;
import org.apache.ws.commons.schema.XmlSchemaContentProcessing;
import org.apache.ws.commons.schema.XmlSchemaElement;

/**
 * The element a sample puts where the schema demands a wildcard ({@code xsd:any} with
 * minOccurs above 0). Leaving it out makes the message invalid, and a stack that checks the
 * wildcard's occurrence (Axis2 ADB: "Unexpected subelement") rightly refuses the request, so the
 * sample carries one element the wildcard admits by its namespace constraint and
 * processContents (XML Schema 1.0, 3.10.4):
 *
 * <ul>
 *   <li>{@code lax} and {@code skip}: an element no schema declares, {@code anyElement} in
 *       {@link #SAMPLE_NAMESPACE} where the constraint admits any other namespace, else
 *       unqualified, else in the first namespace it lists; nothing validates its content;
 *   <li>{@code strict} (the default): a global element the bundle declares in an admitted
 *       namespace, one of simple type first (the smallest sample), by namespace and name.
 * </ul>
 *
 * A strict wildcard whose namespaces declare no element has no valid content: nothing is chosen.
 */
final class WildcardContent {

    /** The namespace of the undeclared element a lax or skip wildcard gets: no schema can declare it. */
    static final String SAMPLE_NAMESPACE = "urn:soapbench:sample:any";

    static final String SAMPLE_NAME = "anyElement";

    /** A declared element to build as usual, or an undeclared name to write with text content. */
    record Choice(XmlSchemaElement declared, QName undeclared) {}

    private WildcardContent() {}

    static Optional<Choice> choose(XmlSchemaAny any, XmlSchemaCollection schemas) {
        Constraint constraint = Constraint.of(any);
        XmlSchemaContentProcessing processing = any.getProcessContent();
        if (processing == XmlSchemaContentProcessing.LAX || processing == XmlSchemaContentProcessing.SKIP) {
            return undeclared(constraint, schemas).map(name -> new Choice(null, name));
        }
        return declared(constraint, schemas).map(element -> new Choice(element, null));
    }

    private static Optional<QName> undeclared(Constraint constraint, XmlSchemaCollection schemas) {
        List<String> namespaces = new ArrayList<>();
        if (constraint.admits(SAMPLE_NAMESPACE)) {
            namespaces.add(SAMPLE_NAMESPACE);
        }
        if (constraint.admits("")) {
            namespaces.add("");
        }
        namespaces.addAll(constraint.listed);
        for (String namespace : namespaces) {
            for (int i = 1; i <= 100; i++) {
                QName name = new QName(namespace, i == 1 ? SAMPLE_NAME : SAMPLE_NAME + i);
                if (schemas.getElementByQName(name) == null) {
                    return Optional.of(name);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<XmlSchemaElement> declared(Constraint constraint, XmlSchemaCollection schemas) {
        List<XmlSchemaElement> admitted = new ArrayList<>();
        for (XmlSchema schema : schemas.getXmlSchemas()) {
            for (XmlSchemaElement element : schema.getElements().values()) {
                QName name = element.getQName();
                if (name != null
                        && !element.isAbstract()
                        && !Namespaces.XSD.equals(name.getNamespaceURI())
                        && constraint.admits(name.getNamespaceURI())) {
                    admitted.add(element);
                }
            }
        }
        return admitted.stream()
                .min(Comparator.comparing((XmlSchemaElement e) -> e.getSchemaType() instanceof XmlSchemaComplexType)
                        .thenComparing(e -> e.getQName().getNamespaceURI())
                        .thenComparing(e -> e.getQName().getLocalPart()));
    }

    /** The namespace constraint: {@code ##any}, {@code ##other}, or a list of namespaces. */
    private record Constraint(boolean any, boolean other, String targetNamespace, Set<String> listed) {
        static Constraint of(XmlSchemaAny wildcard) {
            String targetNamespace = wildcard.getTargetNamespace() == null ? "" : wildcard.getTargetNamespace();
            String value = wildcard.getNamespace() == null
                    ? "##any"
                    : wildcard.getNamespace().trim();
            if (value.equals("##any")) {
                return new Constraint(true, false, targetNamespace, Set.of());
            }
            if (value.equals("##other")) {
                return new Constraint(false, true, targetNamespace, Set.of());
            }
            Set<String> listed = new LinkedHashSet<>();
            for (String token : value.split("\\s+")) {
                switch (token) {
                    case "" -> {}
                    case "##targetNamespace" -> listed.add(targetNamespace);
                    case "##local" -> listed.add("");
                    default -> listed.add(token);
                }
            }
            return new Constraint(false, false, targetNamespace, listed);
        }

        /** ##other admits every namespace but the schema's own, and never an unqualified name. */
        boolean admits(String namespace) {
            if (any) {
                return true;
            }
            if (other) {
                return !namespace.isEmpty() && !namespace.equals(targetNamespace);
            }
            return listed.contains(namespace);
        }
    }
}
