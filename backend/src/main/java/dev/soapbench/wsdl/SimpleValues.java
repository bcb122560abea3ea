package dev.soapbench.wsdl;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.ws.commons.schema.XmlSchemaCollection;
import org.apache.ws.commons.schema.XmlSchemaEnumerationFacet;
import org.apache.ws.commons.schema.XmlSchemaFacet;
import org.apache.ws.commons.schema.XmlSchemaFractionDigitsFacet;
import org.apache.ws.commons.schema.XmlSchemaLengthFacet;
import org.apache.ws.commons.schema.XmlSchemaMaxExclusiveFacet;
import org.apache.ws.commons.schema.XmlSchemaMaxInclusiveFacet;
import org.apache.ws.commons.schema.XmlSchemaMaxLengthFacet;
import org.apache.ws.commons.schema.XmlSchemaMinExclusiveFacet;
import org.apache.ws.commons.schema.XmlSchemaMinInclusiveFacet;
import org.apache.ws.commons.schema.XmlSchemaMinLengthFacet;
import org.apache.ws.commons.schema.XmlSchemaPatternFacet;
import org.apache.ws.commons.schema.XmlSchemaSimpleType;
import org.apache.ws.commons.schema.XmlSchemaSimpleTypeContent;
import org.apache.ws.commons.schema.XmlSchemaSimpleTypeList;
import org.apache.ws.commons.schema.XmlSchemaSimpleTypeRestriction;
import org.apache.ws.commons.schema.XmlSchemaSimpleTypeUnion;
import org.apache.ws.commons.schema.XmlSchemaTotalDigitsFacet;
import org.apache.ws.commons.schema.XmlSchemaType;

/**
 * Deterministic values for simple types that survive a parse and re-serialisation by any data
 * binding: strings text1, text2, ..., small integers, 12.5, 1.5, true, fixed dates, with
 * enumerations, lengths, bounds and simple patterns respected.
 */
final class SimpleValues {

    private enum Kind {
        STRING,
        INTEGER,
        DECIMAL,
        FLOAT,
        HEX_BINARY,
        BASE64_BINARY,
        QNAME,
        OTHER
    }

    private record Generated(XmlNode.Value value, Kind kind) {}

    private static final Set<String> INTEGERS = Set.of(
            "integer",
            "long",
            "int",
            "short",
            "byte",
            "nonNegativeInteger",
            "positiveInteger",
            "unsignedLong",
            "unsignedInt",
            "unsignedShort",
            "unsignedByte");
    private static final int MAX_TYPE_DEPTH = 30;

    private final XmlSchemaCollection schemas;
    private final List<String> warnings;
    private final SampleBudget budget;
    private int strings;
    private int numbers;

    SimpleValues(XmlSchemaCollection schemas, List<String> warnings, SampleBudget budget) {
        this.schemas = schemas;
        this.warnings = warnings;
        this.budget = budget;
    }

    /** A value for a simple type given by its declaration, its name, or both. */
    XmlNode.Value of(XmlSchemaType type, QName typeName, QName context) {
        return generate(type, typeName, context, 0).value();
    }

    private Generated generate(XmlSchemaType type, QName typeName, QName context, int depth) {
        QName name = typeName != null ? typeName : type == null ? null : type.getQName();
        if (name == null && type == null) {
            return builtin("anySimpleType", context);
        }
        if (name != null && Namespaces.XSD.equals(name.getNamespaceURI())) {
            return builtin(name.getLocalPart(), context);
        }
        if (name != null
                && (Namespaces.SOAP11_ENCODING.equals(name.getNamespaceURI())
                        || Namespaces.SOAP12_ENCODING.equals(name.getNamespaceURI()))) {
            // soapenc:string and friends mirror the XSD built-ins of the same name.
            return builtin(name.getLocalPart(), context);
        }
        XmlSchemaType resolved = type != null ? type : schemas.getTypeByQName(name);
        if (!(resolved instanceof XmlSchemaSimpleType simpleType) || depth > MAX_TYPE_DEPTH) {
            warnings.add("type " + name + " used by " + context + " is not a known simple type; a string is used");
            return builtin("string", context);
        }
        XmlSchemaSimpleTypeContent content = simpleType.getContent();
        if (content instanceof XmlSchemaSimpleTypeRestriction restriction) {
            Generated base = generate(restriction.getBaseType(), restriction.getBaseTypeName(), context, depth + 1);
            return restrict(base, restriction.getFacets(), name, context);
        }
        if (content instanceof XmlSchemaSimpleTypeList list) {
            Generated first = generate(list.getItemType(), list.getItemTypeName(), context, depth + 1);
            Generated second = generate(list.getItemType(), list.getItemTypeName(), context, depth + 1);
            if (first.value().qname() != null) {
                return first;
            }
            // Items that come out the same (an enumeration's first value) are sent once: a stack may
            // bind a list of enumeration values as a set (gSOAP's bit mask), which keeps no repeats.
            if (first.value().text().equals(second.value().text())) {
                return new Generated(first.value(), Kind.OTHER);
            }
            return new Generated(
                    XmlNode.Value.of(first.value().text() + " " + second.value().text()), Kind.OTHER);
        }
        if (content instanceof XmlSchemaSimpleTypeUnion union) {
            if (union.getBaseTypes() != null && !union.getBaseTypes().isEmpty()) {
                return generate(union.getBaseTypes().get(0), null, context, depth + 1);
            }
            QName[] members = union.getMemberTypesQNames();
            if (members != null && members.length > 0) {
                return generate(null, members[0], context, depth + 1);
            }
        }
        return builtin("string", context);
    }

    /** A value for a restriction whose facets sit outside a simple type (xsd:simpleContent). */
    XmlNode.Value restricted(XmlSchemaType baseType, QName baseTypeName, List<XmlSchemaFacet> facets, QName context) {
        return restrict(generate(baseType, baseTypeName, context, 0), facets, null, context)
                .value();
    }

    /** Applies facets of a restriction to the value its base type produced. */
    private Generated restrict(Generated base, List<XmlSchemaFacet> facets, QName typeName, QName context) {
        for (XmlSchemaFacet facet : facets) {
            if (facet instanceof XmlSchemaEnumerationFacet enumeration) {
                return new Generated(XmlNode.Value.of(String.valueOf(enumeration.getValue())), base.kind());
            }
        }
        if (base.value().qname() != null) {
            return base;
        }
        String text = base.value().text();
        String pattern = null;
        int minOctets = 0;
        int maxOctets = Integer.MAX_VALUE;
        for (XmlSchemaFacet facet : facets) {
            String facetValue = String.valueOf(facet.getValue());
            if (facet instanceof XmlSchemaPatternFacet) {
                pattern = facetValue;
            } else if (base.kind() == Kind.STRING || base.kind() == Kind.OTHER) {
                text = applyLength(text, facet, lengthOf(facet, facetValue, typeName, context));
            } else if (isBinary(base.kind()) && isLengthFacet(facet)) {
                int octets = octetsOf(facet, facetValue, encodingOf(base.kind()), typeName, context);
                if (!(facet instanceof XmlSchemaMaxLengthFacet)) {
                    minOctets = Math.max(minOctets, octets);
                }
                if (!(facet instanceof XmlSchemaMinLengthFacet)) {
                    maxOctets = Math.min(maxOctets, octets);
                }
            } else if (base.kind() == Kind.INTEGER || base.kind() == Kind.DECIMAL || base.kind() == Kind.FLOAT) {
                text = applyNumeric(text, base.kind(), facet, boundOf(facet, facetValue, typeName, context));
            }
        }
        if (isBinary(base.kind()) && (minOctets > 0 || maxOctets < Integer.MAX_VALUE)) {
            int octets = Math.max(minOctets, Math.min(maxOctets, BinarySample.DEFAULT_OCTETS));
            text = BinarySample.of(octets, encodingOf(base.kind()));
        }
        if (pattern != null && !PatternSample.matches(pattern, text, refusal(typeName, context))) {
            String sample = PatternSample.generate(pattern, refusal(typeName, context));
            if (sample != null) {
                text = sample;
            } else {
                warnings.add("pattern '" + pattern + "' of " + describe(typeName) + " (" + context
                        + ") could not be satisfied; the sample value " + text + " may not validate");
            }
        }
        return new Generated(XmlNode.Value.of(text), base.kind());
    }

    private static boolean isLengthFacet(XmlSchemaFacet facet) {
        return facet instanceof XmlSchemaLengthFacet
                || facet instanceof XmlSchemaMinLengthFacet
                || facet instanceof XmlSchemaMaxLengthFacet;
    }

    private static boolean isBinary(Kind kind) {
        return kind == Kind.HEX_BINARY || kind == Kind.BASE64_BINARY;
    }

    private static BinarySample.Encoding encodingOf(Kind kind) {
        return kind == Kind.HEX_BINARY ? BinarySample.Encoding.HEX : BinarySample.Encoding.BASE64;
    }

    /**
     * A binary type's length facet in octets, refused when its encoding would need more characters
     * than a value may hold.
     */
    private int octetsOf(
            XmlSchemaFacet facet, String facetValue, BinarySample.Encoding encoding, QName typeName, QName context) {
        long octets = lengthOf(facet, facetValue, typeName, context);
        long characters = encoding.characters(octets);
        if (characters > SampleBudget.MAX_VALUE_CHARS && !(facet instanceof XmlSchemaMaxLengthFacet)) {
            throw refusal(typeName, context)
                    .refuse("its sample value would need " + octets + " octets (" + characters
                            + " characters encoded, minLength or length), more than the "
                            + SampleBudget.MAX_VALUE_CHARS + " a sample value may hold");
        }
        return (int) octets;
    }

    /**
     * A length facet's value, refused before anything is built when a sample would need more
     * characters than a value may hold.
     */
    private int lengthOf(XmlSchemaFacet facet, String facetValue, QName typeName, QName context) {
        if (!isLengthFacet(facet)) {
            return 0;
        }
        long length;
        try {
            length = Long.parseLong(facetValue.trim());
        } catch (NumberFormatException e) {
            throw refusal(typeName, context)
                    .refuse("its length facet " + ValueRules.shown(facetValue) + " is not a number");
        }
        if (length > SampleBudget.MAX_VALUE_CHARS && !(facet instanceof XmlSchemaMaxLengthFacet)) {
            throw refusal(typeName, context)
                    .refuse("its sample value would need " + length
                            + " characters (minLength or length), more than the " + SampleBudget.MAX_VALUE_CHARS
                            + " a sample value may hold");
        }
        return (int) Math.min(length, Integer.MAX_VALUE);
    }

    /** A numeric bound, refused when it is a number too large to write out in a sample. */
    private BigDecimal boundOf(XmlSchemaFacet facet, String facetValue, QName typeName, QName context) {
        BigDecimal bound;
        try {
            bound = new BigDecimal(facetValue.trim());
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
        if (Math.abs((long) bound.precision() - bound.scale()) > 1000 || Math.abs((long) bound.scale()) > 1000) {
            throw refusal(typeName, context)
                    .refuse("its facet value " + ValueRules.shown(facetValue) + " has more than 1000 digits");
        }
        return bound;
    }

    private SampleBudget.Refusal refusal(QName typeName, QName context) {
        return bound -> new SampleTooLarge(
                typeName == null ? "element" : "type",
                typeName == null ? context : typeName,
                (typeName == null ? "element " + context.getLocalPart() : "type " + typeName.getLocalPart()) + ": "
                        + bound);
    }

    private static String applyLength(String text, XmlSchemaFacet facet, int length) {
        if (!isLengthFacet(facet)) {
            return text;
        }
        if (facet instanceof XmlSchemaLengthFacet) {
            return fit(text, length, length);
        }
        if (facet instanceof XmlSchemaMinLengthFacet) {
            return fit(text, length, Integer.MAX_VALUE);
        }
        return fit(text, 0, length);
    }

    private static String fit(String text, int min, int max) {
        StringBuilder fitted = new StringBuilder(text.length() > max ? text.substring(0, max) : text);
        while (fitted.length() < min) {
            fitted.append('x');
        }
        return fitted.toString();
    }

    private static String applyNumeric(String text, Kind kind, XmlSchemaFacet facet, BigDecimal bound) {
        if (bound == null) {
            return text;
        }
        BigDecimal value = new BigDecimal(text);
        BigDecimal step = kind == Kind.INTEGER ? BigDecimal.ONE : new BigDecimal("0.5");
        if (facet instanceof XmlSchemaMinInclusiveFacet && value.compareTo(bound) < 0) {
            value = bound;
        } else if (facet instanceof XmlSchemaMinExclusiveFacet && value.compareTo(bound) <= 0) {
            value = bound.add(step);
        } else if (facet instanceof XmlSchemaMaxInclusiveFacet && value.compareTo(bound) > 0) {
            value = bound;
        } else if (facet instanceof XmlSchemaMaxExclusiveFacet && value.compareTo(bound) >= 0) {
            value = bound.subtract(step);
        } else if (facet instanceof XmlSchemaFractionDigitsFacet && value.scale() > bound.intValue()) {
            value = value.setScale(bound.intValue(), RoundingMode.DOWN);
        } else if (facet instanceof XmlSchemaTotalDigitsFacet && value.precision() > bound.intValue()) {
            value = BigDecimal.ONE;
        } else {
            return text;
        }
        return kind == Kind.INTEGER ? value.toBigInteger().toString() : value.toPlainString();
    }

    private Generated builtin(String localName, QName context) {
        return switch (localName) {
            case "boolean" -> new Generated(XmlNode.Value.of("true"), Kind.OTHER);
            case "decimal" -> new Generated(XmlNode.Value.of("12.5"), Kind.DECIMAL);
            case "float", "double" -> new Generated(XmlNode.Value.of("1.5"), Kind.FLOAT);
            case "nonPositiveInteger", "negativeInteger" -> new Generated(
                    XmlNode.Value.of("-" + nextNumber()), Kind.INTEGER);
            case "dateTime", "dateTimeStamp" -> new Generated(XmlNode.Value.of("2026-01-01T12:00:00Z"), Kind.OTHER);
            case "date" -> new Generated(XmlNode.Value.of("2026-01-01"), Kind.OTHER);
            case "time" -> new Generated(XmlNode.Value.of("12:00:00Z"), Kind.OTHER);
            case "duration" -> new Generated(XmlNode.Value.of("P1D"), Kind.OTHER);
            case "gYear" -> new Generated(XmlNode.Value.of("2026"), Kind.OTHER);
            case "gYearMonth" -> new Generated(XmlNode.Value.of("2026-01"), Kind.OTHER);
            case "gMonth" -> new Generated(XmlNode.Value.of("--01"), Kind.OTHER);
            case "gDay" -> new Generated(XmlNode.Value.of("---01"), Kind.OTHER);
            case "gMonthDay" -> new Generated(XmlNode.Value.of("--01-01"), Kind.OTHER);
            case "base64Binary", "base64" -> new Generated(
                    XmlNode.Value.of(BinarySample.of(BinarySample.DEFAULT_OCTETS, BinarySample.Encoding.BASE64)),
                    Kind.BASE64_BINARY);
            case "hexBinary" -> new Generated(
                    XmlNode.Value.of(BinarySample.of(BinarySample.DEFAULT_OCTETS, BinarySample.Encoding.HEX)),
                    Kind.HEX_BINARY);
            case "anyURI" -> new Generated(XmlNode.Value.of("http://example.com/" + nextString()), Kind.OTHER);
            case "language" -> new Generated(XmlNode.Value.of("en"), Kind.OTHER);
            case "QName" -> new Generated(
                    XmlNode.Value.of(new QName(context.getNamespaceURI(), nextString()), ""), Kind.QNAME);
            case "NOTATION" -> {
                warnings.add("xsd:NOTATION used by " + context + " cannot be sampled; a string is used");
                yield new Generated(XmlNode.Value.of(nextString()), Kind.STRING);
            }
            default -> INTEGERS.contains(localName)
                    ? new Generated(XmlNode.Value.of(String.valueOf(nextNumber())), Kind.INTEGER)
                    : new Generated(XmlNode.Value.of(nextString()), Kind.STRING);
        };
    }

    private String nextString() {
        return "text" + ++strings;
    }

    // Small enough for xsd:byte and for any positive bound a schema is likely to set.
    private int nextNumber() {
        numbers = numbers % 100 + 1;
        return numbers;
    }

    private static String describe(QName typeName) {
        return typeName == null ? "an anonymous type" : "type " + typeName.getLocalPart();
    }
}
