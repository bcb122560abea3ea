package dev.soapbench.wsdl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;
import org.apache.ws.commons.schema.XmlSchema;
import org.apache.ws.commons.schema.XmlSchemaAll;
import org.apache.ws.commons.schema.XmlSchemaAny;
import org.apache.ws.commons.schema.XmlSchemaAttribute;
import org.apache.ws.commons.schema.XmlSchemaAttributeGroup;
import org.apache.ws.commons.schema.XmlSchemaAttributeGroupRef;
import org.apache.ws.commons.schema.XmlSchemaAttributeOrGroupRef;
import org.apache.ws.commons.schema.XmlSchemaChoice;
import org.apache.ws.commons.schema.XmlSchemaCollection;
import org.apache.ws.commons.schema.XmlSchemaComplexContent;
import org.apache.ws.commons.schema.XmlSchemaComplexContentExtension;
import org.apache.ws.commons.schema.XmlSchemaComplexContentRestriction;
import org.apache.ws.commons.schema.XmlSchemaComplexType;
import org.apache.ws.commons.schema.XmlSchemaContent;
import org.apache.ws.commons.schema.XmlSchemaElement;
import org.apache.ws.commons.schema.XmlSchemaGroup;
import org.apache.ws.commons.schema.XmlSchemaGroupParticle;
import org.apache.ws.commons.schema.XmlSchemaGroupRef;
import org.apache.ws.commons.schema.XmlSchemaObject;
import org.apache.ws.commons.schema.XmlSchemaParticle;
import org.apache.ws.commons.schema.XmlSchemaSequence;
import org.apache.ws.commons.schema.XmlSchemaSimpleContent;
import org.apache.ws.commons.schema.XmlSchemaSimpleContentExtension;
import org.apache.ws.commons.schema.XmlSchemaSimpleContentRestriction;
import org.apache.ws.commons.schema.XmlSchemaType;
import org.apache.ws.commons.schema.XmlSchemaUse;
import org.w3c.dom.Attr;

/**
 * Walks the XML Schema model and builds one instance of an element or type: optional content
 * present, repeated content twice, the first branch of every choice, base content before
 * extension content, every attribute that is not prohibited.
 */
final class InstanceBuilder {

    private static final QName XSI_TYPE = new QName(Namespaces.XSI, "type");
    private static final QName ARRAY_TYPE_ATTRIBUTE = new QName(Namespaces.WSDL, "arrayType");
    // Beyond this nesting, optional content is left out so recursive types end.
    private static final int SOFT_DEPTH = 12;
    private static final int HARD_DEPTH = 60;
    // A schema may demand thousands of items; samples stay small.
    private static final long MAX_REPEAT = 100;

    private final XmlSchemaCollection schemas;
    private final SimpleValues values;
    private final List<String> warnings;
    private final boolean encoded;
    private final SampleBudget budget;
    private final Deque<QName> typesOnPath = new ArrayDeque<>();
    private final Deque<Repeat> repeats = new ArrayDeque<>();
    private QName root;
    private int depth;

    /** Content repeated {@code count} times inside {@code where} (a type, else an element). */
    private record Repeat(long count, QName where) {}

    InstanceBuilder(XmlSchemaCollection schemas, List<String> warnings, boolean encoded, SampleBudget budget) {
        this.schemas = schemas;
        this.values = new SimpleValues(schemas, warnings, budget);
        this.warnings = warnings;
        this.encoded = encoded;
        this.budget = budget;
    }

    /** An instance of a global element. */
    XmlNode element(QName elementName) {
        XmlSchemaElement element = schemas.getElementByQName(elementName);
        if (element == null) {
            throw new WsdlProblem("the element " + elementName + " is not declared in the WSDL's schemas");
        }
        root = elementName;
        return build(element);
    }

    /** An element of the given name whose content is an instance of a named type (rpc parts). */
    XmlNode typed(QName nodeName, QName typeName) {
        root = typeName;
        XmlNode node = counted(new XmlNode(nodeName));
        fillType(node, null, typeName, encoded);
        countContent(node);
        return node;
    }

    private XmlNode build(XmlSchemaElement declaration) {
        XmlSchemaElement element = declaration.isRef() && declaration.getRef().getTarget() != null
                ? declaration.getRef().getTarget()
                : declaration;
        if (declaration.isRef() && declaration.getRef().getTarget() == null) {
            throw new WsdlProblem(
                    "the element reference " + declaration.getRef().getTargetQName() + " is not declared");
        }
        if (element.isAbstract()) {
            XmlSchemaElement substitute = substituteFor(element.getQName());
            if (substitute == null) {
                warnings.add(
                        "abstract element " + element.getQName() + " has no substitute; the sample will not validate");
            } else {
                element = substitute;
            }
        }
        QName name = element.isTopLevel() ? element.getQName() : element.getWireName();
        XmlNode node = counted(new XmlNode(name));
        if (element.getFixedValue() != null) {
            node.text = XmlNode.Value.of(element.getFixedValue());
        } else {
            fillType(node, element.getSchemaType(), element.getSchemaTypeName(), encoded);
        }
        countContent(node);
        return node;
    }

    private void fillType(XmlNode node, XmlSchemaType declaredType, QName typeName, boolean announceType) {
        if (++depth > HARD_DEPTH) {
            throw refuse(
                    "its sample would nest types deeper than " + HARD_DEPTH + " levels (around " + node.name + ")");
        }
        try {
            XmlSchemaType type =
                    declaredType != null ? declaredType : typeName == null ? null : schemas.getTypeByQName(typeName);
            if (announceType && typeName != null) {
                node.attribute(XSI_TYPE, XmlNode.Value.of(typeName, ""));
            }
            if (type instanceof XmlSchemaComplexType complexType) {
                fillComplex(node, complexType, announceType);
            } else if (type == null && typeName != null && !isBuiltIn(typeName)) {
                warnings.add("type " + typeName + " of " + node.name + " is not declared; a string is used");
                node.text = values.of(null, new QName(Namespaces.XSD, "string"), node.name);
            } else if (isAnyType(typeName) && type == null) {
                node.text = values.of(null, new QName(Namespaces.XSD, "string"), node.name);
            } else {
                node.text = values.of(type, typeName, node.name);
            }
        } finally {
            depth--;
        }
    }

    private void fillComplex(XmlNode node, XmlSchemaComplexType type, boolean announceType) {
        if (type.isAbstract()) {
            XmlSchemaComplexType concrete = concreteSubtypeOf(type);
            if (concrete == null) {
                warnings.add(
                        "abstract type " + type.getQName() + " has no concrete subtype; the sample will not validate");
            } else {
                node.attribute(XSI_TYPE, XmlNode.Value.of(concrete.getQName(), ""));
                type = concrete;
            }
        }
        boolean named = type.getQName() != null;
        if (named) {
            typesOnPath.push(type.getQName());
        }
        try {
            fillContent(node, type);
        } finally {
            if (named) {
                typesOnPath.pop();
            }
        }
    }

    private void fillContent(XmlNode node, XmlSchemaComplexType type) {
        if (type.getContentModel() instanceof XmlSchemaComplexContent complexContent) {
            XmlSchemaContent content = complexContent.getContent();
            if (content instanceof XmlSchemaComplexContentExtension extension) {
                XmlSchemaType base = schemas.getTypeByQName(extension.getBaseTypeName());
                if (base instanceof XmlSchemaComplexType baseType) {
                    fillContent(node, baseType);
                }
                fillAttributes(node, extension.getAttributes());
                fillParticle(node, extension.getParticle());
            } else if (content instanceof XmlSchemaComplexContentRestriction restriction) {
                if (isSoapArray(restriction.getBaseTypeName()) && restriction.getParticle() == null) {
                    fillSoapArray(node, restriction.getAttributes());
                    return;
                }
                fillAttributes(node, restriction.getAttributes());
                fillParticle(node, restriction.getParticle());
            }
            return;
        }
        if (type.getContentModel() instanceof XmlSchemaSimpleContent simpleContent) {
            XmlSchemaContent content = simpleContent.getContent();
            if (content instanceof XmlSchemaSimpleContentExtension extension) {
                node.text = simpleContentValue(extension.getBaseTypeName(), node.name);
                fillAttributes(node, extension.getAttributes());
            } else if (content instanceof XmlSchemaSimpleContentRestriction restriction) {
                node.text = values.restricted(
                        restriction.getBaseType(),
                        simpleBaseOf(restriction.getBaseTypeName()),
                        restriction.getFacets(),
                        node.name);
                fillAttributes(node, restriction.getAttributes());
            }
            return;
        }
        fillAttributes(node, type.getAttributes());
        fillParticle(node, type.getParticle());
    }

    /** The text of simple content, found by following complex bases down to their simple type. */
    private XmlNode.Value simpleContentValue(QName baseTypeName, QName context) {
        QName simpleBase = simpleBaseOf(baseTypeName);
        return values.of(null, simpleBase, context);
    }

    private QName simpleBaseOf(QName typeName) {
        for (int guard = 0; guard < 30 && typeName != null; guard++) {
            XmlSchemaType type = schemas.getTypeByQName(typeName);
            if (!(type instanceof XmlSchemaComplexType complexType)
                    || !(complexType.getContentModel() instanceof XmlSchemaSimpleContent simpleContent)) {
                return typeName;
            }
            if (simpleContent.getContent() instanceof XmlSchemaSimpleContentExtension extension) {
                typeName = extension.getBaseTypeName();
            } else if (simpleContent.getContent() instanceof XmlSchemaSimpleContentRestriction restriction) {
                typeName = restriction.getBaseTypeName();
            } else {
                return typeName;
            }
        }
        return typeName;
    }

    private void fillParticle(XmlNode node, XmlSchemaParticle particle) {
        if (particle == null) {
            return;
        }
        if (particle.getMinOccurs() == 0 && isDeep()) {
            return;
        }
        long count = occurrences(particle);
        if (count > MAX_REPEAT) {
            warnings.add("content of " + node.name + " must repeat " + count + " times; the sample repeats it "
                    + MAX_REPEAT + " times and will not validate");
            count = MAX_REPEAT;
        }
        if (count > 1) {
            repeats.push(new Repeat(count, typesOnPath.isEmpty() ? node.name : typesOnPath.peek()));
        }
        try {
            for (long i = 0; i < count; i++) {
                fillOnce(node, particle);
            }
        } finally {
            if (count > 1) {
                repeats.pop();
            }
        }
    }

    private void fillOnce(XmlNode node, XmlSchemaParticle particle) {
        if (particle instanceof XmlSchemaElement element) {
            node.add(build(element));
        } else if (particle instanceof XmlSchemaSequence sequence) {
            sequence.getItems().forEach(item -> fillMember(node, item));
        } else if (particle instanceof XmlSchemaAll all) {
            all.getItems().forEach(item -> fillMember(node, item));
        } else if (particle instanceof XmlSchemaChoice choice) {
            if (!choice.getItems().isEmpty()) {
                fillMember(node, chooseBranch(choice));
            }
        } else if (particle instanceof XmlSchemaGroupRef groupRef) {
            fillParticle(node, groupParticle(groupRef));
        } else if (particle instanceof XmlSchemaAny any && particle.getMinOccurs() > 0) {
            fillWildcard(node, any);
        }
    }

    /** A required wildcard gets one element it admits (see {@link WildcardContent}), else a warning. */
    private void fillWildcard(XmlNode node, XmlSchemaAny any) {
        Optional<WildcardContent.Choice> choice = WildcardContent.choose(any, schemas);
        if (choice.isEmpty()) {
            warnings.add("xsd:any inside " + node.name + " (namespace "
                    + (any.getNamespace() == null ? "##any" : any.getNamespace())
                    + ") is strict and no global element of its namespaces can fill it; it is left out and"
                    + " the sample will not validate");
        } else if (choice.get().undeclared() != null) {
            QName name = choice.get().undeclared();
            XmlNode element = node.add(counted(new XmlNode(name)));
            element.text = values.of(null, new QName(Namespaces.XSD, "string"), name);
            countContent(element);
        } else if (isDeep() && resolveType(choice.get().declared()) instanceof XmlSchemaComplexType) {
            warnings.add("xsd:any inside " + node.name + " is left out where the sample's recursion ends;"
                    + " the sample will not validate");
        } else {
            node.add(build(choice.get().declared()));
        }
    }

    private void fillMember(XmlNode node, Object member) {
        if (member instanceof XmlSchemaParticle particle) {
            fillParticle(node, particle);
        }
    }

    /** The first branch, unless recursion is deep: then one that can end it. */
    private XmlSchemaObject chooseBranch(XmlSchemaChoice choice) {
        Object first = choice.getItems().get(0);
        if (isDeep()) {
            for (Object item : choice.getItems()) {
                if (item instanceof XmlSchemaElement element
                        && !(resolveType(element) instanceof XmlSchemaComplexType)) {
                    return element;
                }
            }
        }
        return (XmlSchemaObject) first;
    }

    private XmlSchemaType resolveType(XmlSchemaElement element) {
        XmlSchemaElement target = element.isRef() ? element.getRef().getTarget() : element;
        if (target == null) {
            return null;
        }
        return target.getSchemaType() != null
                ? target.getSchemaType()
                : target.getSchemaTypeName() == null ? null : schemas.getTypeByQName(target.getSchemaTypeName());
    }

    private XmlSchemaGroupParticle groupParticle(XmlSchemaGroupRef groupRef) {
        if (groupRef.getParticle() != null) {
            return groupRef.getParticle();
        }
        XmlSchemaGroup group = schemas.getGroupByQName(groupRef.getRefName());
        if (group == null) {
            throw new WsdlProblem("the group " + groupRef.getRefName() + " is not declared");
        }
        return group.getParticle();
    }

    private void fillAttributes(XmlNode node, List<?> attributes) {
        for (Object item : attributes) {
            if (item instanceof XmlSchemaAttribute declaration) {
                fillAttribute(node, declaration);
            } else if (item instanceof XmlSchemaAttributeGroupRef groupRef) {
                XmlSchemaAttributeGroup group = groupRef.getRef().getTarget();
                if (group == null) {
                    throw new WsdlProblem(
                            "the attribute group " + groupRef.getRef().getTargetQName() + " is not declared");
                }
                fillAttributes(node, group.getAttributes());
            }
        }
    }

    private void fillAttribute(XmlNode node, XmlSchemaAttribute declaration) {
        if (declaration.getUse() == XmlSchemaUse.PROHIBITED) {
            return;
        }
        XmlSchemaAttribute attribute = declaration;
        if (declaration.isRef()) {
            attribute = declaration.getRef().getTarget();
            if (attribute == null) {
                if (!isSoapEncoding(declaration.getRef().getTargetQName())) {
                    warnings.add(
                            "attribute " + declaration.getRef().getTargetQName() + " is not declared and is left out");
                }
                return;
            }
        }
        QName name = attribute.isTopLevel() ? attribute.getQName() : attribute.getWireName();
        String fixed = declaration.getFixedValue() != null ? declaration.getFixedValue() : attribute.getFixedValue();
        XmlNode.Value value = fixed != null
                ? XmlNode.Value.of(fixed)
                : values.of(attribute.getSchemaType(), attribute.getSchemaTypeName(), name);
        node.attribute(name, value);
    }

    /**
     * A SOAP-encoded array declared by wsdl:arrayType, of any rank and nesting (SOAP 1.1 section
     * 5.4.2): in {@code xsd:string[][,]} the last brackets are this array's dimensions (here two, so
     * it holds 2 x 2 items in row-major order, {@code arrayType="xsd:string[][2,2]"}) and the ones
     * before them the item's own array type (each item an array of two strings). Every dimension gets
     * two items.
     */
    private void fillSoapArray(XmlNode node, List<XmlSchemaAttributeOrGroupRef> attributes) {
        SoapArrayType type = null;
        for (XmlSchemaAttributeOrGroupRef item : attributes) {
            if (item instanceof XmlSchemaAttribute attribute && attribute.getUnhandledAttributes() != null) {
                for (Attr unhandled : attribute.getUnhandledAttributes()) {
                    if (ARRAY_TYPE_ATTRIBUTE.getNamespaceURI().equals(unhandled.getNamespaceURI())
                            && ARRAY_TYPE_ATTRIBUTE.getLocalPart().equals(unhandled.getLocalName())) {
                        type = SoapArrayType.parse(unhandled);
                    }
                }
            }
        }
        if (type == null) {
            warnings.add("SOAP array " + node.name + " declares no wsdl:arrayType; items are strings");
            type = new SoapArrayType(new QName(Namespaces.XSD, "string"), List.of(1));
        }
        fillSoapArray(node, type);
    }

    private void fillSoapArray(XmlNode node, SoapArrayType type) {
        node.attribute(
                new QName(Namespaces.SOAP11_ENCODING, "arrayType"),
                XmlNode.Value.of(type.item(), type.instanceSuffix()));
        Optional<SoapArrayType> itemArray = type.itemArray();
        for (int i = 0; i < type.itemCount(); i++) {
            XmlNode item = node.add(counted(new XmlNode(new QName("", "item"))));
            if (itemArray.isPresent()) {
                item.attribute(XSI_TYPE, XmlNode.Value.of(new QName(Namespaces.SOAP11_ENCODING, "Array"), ""));
                fillSoapArray(item, itemArray.get());
            } else {
                fillType(item, null, type.item(), true);
            }
            countContent(item);
        }
    }

    /**
     * A parsed wsdl:arrayType: the item type and the ranks of its bracket groups, outermost last
     * ({@code xsd:string[][,]} is string with ranks [1, 2]).
     */
    record SoapArrayType(QName item, List<Integer> ranks) {

        // A sample needs no more to show its shape; the sample budget bounds the product besides.
        static final int MAX_RANK = 4;
        static final int MAX_NESTING = 4;
        static final int ITEMS_PER_DIMENSION = 2;
        private static final Pattern BRACKETS = Pattern.compile("\\[([0-9 ,]*)\\]");

        static SoapArrayType parse(Attr arrayType) {
            String value = arrayType.getValue().trim();
            int typeEnd = value.indexOf('[');
            String name = typeEnd < 0 ? value : value.substring(0, typeEnd);
            List<Integer> ranks = new ArrayList<>();
            Matcher groups = BRACKETS.matcher(typeEnd < 0 ? "" : value.substring(typeEnd));
            while (groups.find() && ranks.size() < MAX_NESTING) {
                int commas = (int) groups.group(1).chars().filter(c -> c == ',').count();
                ranks.add(Math.min(MAX_RANK, commas + 1));
            }
            if (ranks.isEmpty()) {
                ranks.add(1);
            }
            int colon = name.indexOf(':');
            String prefix = colon < 0 ? null : name.substring(0, colon);
            String namespace = arrayType.getOwnerElement() == null
                    ? null
                    : arrayType.getOwnerElement().lookupNamespaceURI(prefix);
            return new SoapArrayType(new QName(namespace == null ? "" : namespace, name.substring(colon + 1)), ranks);
        }

        /** This array's own dimensions: the last bracket group. */
        int rank() {
            return ranks.get(ranks.size() - 1);
        }

        int itemCount() {
            return (int) Math.pow(ITEMS_PER_DIMENSION, rank());
        }

        /** The item's array type when the items are arrays themselves. */
        Optional<SoapArrayType> itemArray() {
            return ranks.size() == 1
                    ? Optional.empty()
                    : Optional.of(new SoapArrayType(item, ranks.subList(0, ranks.size() - 1)));
        }

        /** What follows the item type in the instance's soapenc:arrayType: inner ranks, then the sizes. */
        String instanceSuffix() {
            StringBuilder suffix = new StringBuilder();
            for (int rank : ranks.subList(0, ranks.size() - 1)) {
                suffix.append('[').append(",".repeat(rank - 1)).append(']');
            }
            suffix.append('[');
            for (int d = 0; d < rank(); d++) {
                suffix.append(d == 0 ? "" : ",").append(ITEMS_PER_DIMENSION);
            }
            return suffix.append(']').toString();
        }
    }

    private XmlSchemaElement substituteFor(QName head) {
        for (XmlSchema schema : schemas.getXmlSchemas()) {
            for (XmlSchemaElement candidate : schema.getElements().values()) {
                if (head.equals(candidate.getSubstitutionGroup()) && !candidate.isAbstract()) {
                    return candidate;
                }
            }
        }
        return null;
    }

    private XmlSchemaComplexType concreteSubtypeOf(XmlSchemaComplexType type) {
        for (XmlSchema schema : schemas.getXmlSchemas()) {
            for (XmlSchemaType candidate : schema.getSchemaTypes().values()) {
                if (candidate instanceof XmlSchemaComplexType complex
                        && !complex.isAbstract()
                        && complex.getContentModel() instanceof XmlSchemaComplexContent content
                        && content.getContent() instanceof XmlSchemaComplexContentExtension extension
                        && type.getQName().equals(extension.getBaseTypeName())) {
                    return complex;
                }
            }
        }
        return null;
    }

    private XmlNode counted(XmlNode node) {
        budget.element(node.name, this::refuse);
        return node;
    }

    private void countContent(XmlNode node) {
        if (node.text != null) {
            budget.text(
                    node.text.text() != null
                            ? node.text.text()
                            : node.text.qname().getLocalPart(),
                    this::refuse);
        }
        for (XmlNode.Attribute attribute : node.attributes) {
            XmlNode.Value value = attribute.value();
            budget.text(value.text() != null ? value.text() : value.qname().getLocalPart(), this::refuse);
        }
    }

    /**
     * A refusal naming the component to blame: the type whose content repeats outermost when
     * repetition multiplies the sample, else the innermost named type, else the sampled root.
     */
    private SampleTooLarge refuse(String bound) {
        QName component =
                !repeats.isEmpty() ? repeats.peekLast().where() : typesOnPath.isEmpty() ? root : typesOnPath.peek();
        boolean isType = component != null
                && (typesOnPath.contains(component) || component.equals(root) && schemas.getTypeByQName(root) != null);
        StringBuilder reason = new StringBuilder();
        reason.append(isType ? "type " : "element ")
                .append(describe(component))
                .append(": ")
                .append(bound);
        if (!repeats.isEmpty()) {
            List<Repeat> chain = new ArrayList<>(repeats);
            Collections.reverse(chain);
            reason.append(" (content repeated ")
                    .append(String.join(
                            " × ",
                            chain.stream().map(r -> String.valueOf(r.count())).toList()))
                    .append(" times, nested ")
                    .append(chain.size())
                    .append(" deep: ")
                    .append(String.join(
                            " > ", chain.stream().map(r -> describe(r.where())).toList()))
                    .append(")");
        }
        return new SampleTooLarge(isType ? "type" : "element", component, reason.toString());
    }

    private static String describe(QName name) {
        if (name == null) {
            return "(anonymous)";
        }
        return name.getNamespaceURI().isEmpty()
                ? name.getLocalPart()
                : name.getLocalPart() + " {" + name.getNamespaceURI() + "}";
    }

    private boolean isDeep() {
        if (depth > SOFT_DEPTH) {
            return true;
        }
        QName current = typesOnPath.peek();
        return current != null && Collections.frequency(typesOnPath, current) > 1;
    }

    private static long occurrences(XmlSchemaParticle particle) {
        long wanted = particle.getMaxOccurs() > 1 ? 2 : 1;
        return Math.min(Math.max(particle.getMinOccurs(), wanted), Math.max(particle.getMaxOccurs(), 1));
    }

    private static boolean isBuiltIn(QName typeName) {
        return Namespaces.XSD.equals(typeName.getNamespaceURI()) || isSoapEncoding(typeName);
    }

    private static boolean isSoapEncoding(QName name) {
        return Namespaces.SOAP11_ENCODING.equals(name.getNamespaceURI())
                || Namespaces.SOAP12_ENCODING.equals(name.getNamespaceURI());
    }

    private static boolean isSoapArray(QName baseTypeName) {
        return baseTypeName != null && isSoapEncoding(baseTypeName) && "Array".equals(baseTypeName.getLocalPart());
    }

    private static boolean isAnyType(QName typeName) {
        return typeName == null
                || (Namespaces.XSD.equals(typeName.getNamespaceURI()) && "anyType".equals(typeName.getLocalPart()));
    }
}
