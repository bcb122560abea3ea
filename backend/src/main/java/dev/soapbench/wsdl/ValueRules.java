package dev.soapbench.wsdl;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * What a value from an upload may hold before a code generator or runner may write it into
 * source. Each kind is what the WSDL/XSD specifications allow for it, narrowed where the
 * specification allows more than any generator escapes reliably (quotes in URIs, comment
 * delimiters in documentation).
 */
final class ValueRules {

    /** The kinds of value a generator writes into source, each with its own rule. */
    enum Kind {
        /** Component names (operation, message, type, service ...): xsd:NCName. */
        NAME,
        /** A reference to a component: xsd:QName, an optional NCName prefix and an NCName. */
        QNAME,
        /** Namespaces, soapAction, addresses, wsa:Action: xsd:anyURI restricted to RFC 3986. */
        URI,
        /** Enumeration, default and fixed values: text without quotes, escapes or controls. */
        LITERAL,
        /**
         * Numbers, booleans, dates and keywords (minOccurs, use, form, numeric facets): ADB and
         * gSOAP write some of them as bare literals into code, so they are one plain token.
         */
        TOKEN,
        /** xsd:pattern: backslashes are its escapes, but no quotes or controls. */
        PATTERN,
        /** wsdl:documentation and xsd:documentation, written into Javadoc and C comments. */
        DOCUMENTATION
    }

    // Generators derive file names from component names (Foo.java, FooResponse.java,
    // soapFooProxy.h); ext4 and most file systems end a file name at 255 bytes, and 200 leaves
    // room for the longest prefix and suffix a generator adds.
    static final int MAX_NAME_BYTES = 200;
    // Namespaces become Java package paths and C prefixes; real ones stay far below this.
    static final int MAX_URI_CHARS = 1024;
    static final int MAX_LITERAL_CHARS = 1024;
    static final int MAX_TOKEN_CHARS = 64;
    static final int MAX_PATTERN_CHARS = 1024;
    static final int MAX_DOCUMENTATION_CHARS = 8192;
    static final int SHOWN_CHARS = 60;

    // RFC 3986: unreserved, gen-delims, sub-delims and percent escapes; the single quote (a
    // sub-delim) is left out because it closes strings in shell, Python and JavaScript.
    private static final Pattern URI = Pattern.compile("(?:[A-Za-z0-9\\-._~:/?#\\[\\]@!$&()*+,;=]|%[0-9A-Fa-f]{2})*");

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_.:+-]*");
    private static final Pattern LINE_CONTINUATION = Pattern.compile("\\\\[ \t]*(?:\n|$)");

    private ValueRules() {}

    /** Why the value breaks the rule of its kind, or null when it is fine. */
    static String violation(Kind kind, String value) {
        return switch (kind) {
            case NAME -> name(value);
            case QNAME -> qname(value);
            case URI -> uri(value);
            case LITERAL -> literal(value);
            case TOKEN -> token(value);
            case PATTERN -> pattern(value);
            case DOCUMENTATION -> documentation(value);
        };
    }

    private static String name(String value) {
        if (value.isEmpty()) {
            return "is empty; a name must be an XML NCName";
        }
        if (value.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            return "is longer than " + MAX_NAME_BYTES + " bytes";
        }
        if (!isNcName(value)) {
            return "is not an XML NCName (a letter or '_' first, then letters, digits, '.', '-', '_'; no ':', spaces,"
                    + " quotes or punctuation)";
        }
        return null;
    }

    private static String qname(String value) {
        int colon = value.indexOf(':');
        if (colon < 0) {
            return name(value);
        }
        String prefix = name(value.substring(0, colon));
        if (prefix != null) {
            return "has a prefix that " + prefix;
        }
        String local = name(value.substring(colon + 1));
        return local == null ? null : "has a local name that " + local;
    }

    private static String uri(String value) {
        if (value.length() > MAX_URI_CHARS) {
            return "is longer than " + MAX_URI_CHARS + " characters";
        }
        if (!URI.matcher(value).matches()) {
            return "holds characters a URI may not (RFC 3986 allows no quotes, backslashes, spaces, controls,"
                    + " braces or non-ASCII; escape them as %XX)";
        }
        return null;
    }

    private static String literal(String value) {
        if (value.length() > MAX_LITERAL_CHARS) {
            return "is longer than " + MAX_LITERAL_CHARS + " characters";
        }
        String controls = controls(value, false);
        if (controls != null) {
            return controls;
        }
        if (value.indexOf('"') >= 0 || value.indexOf('\'') >= 0 || value.indexOf('`') >= 0) {
            return "holds a quote character";
        }
        if (value.indexOf('\\') >= 0) {
            return "holds a backslash";
        }
        return null;
    }

    private static String token(String value) {
        String trimmed = value.trim();
        if (trimmed.length() > MAX_TOKEN_CHARS) {
            return "is longer than " + MAX_TOKEN_CHARS + " characters";
        }
        if (!TOKEN.matcher(trimmed).matches()) {
            return "is not a single number or keyword (letters, digits and . : + - _ only)";
        }
        return null;
    }

    private static String pattern(String value) {
        if (value.length() > MAX_PATTERN_CHARS) {
            return "is longer than " + MAX_PATTERN_CHARS + " characters";
        }
        String controls = controls(value, false);
        if (controls != null) {
            return controls;
        }
        if (value.indexOf('"') >= 0 || value.indexOf('`') >= 0) {
            return "holds a quote character";
        }
        // XSD regular expressions have no \\u escape; Java reads one even inside strings and comments.
        if (value.contains("\\u")) {
            return "holds \\u, which XML Schema patterns do not have";
        }
        return null;
    }

    private static String documentation(String value) {
        if (value.length() > MAX_DOCUMENTATION_CHARS) {
            return "is longer than " + MAX_DOCUMENTATION_CHARS + " characters";
        }
        String controls = controls(value, true);
        if (controls != null) {
            return controls;
        }
        if (value.contains("*/") || value.contains("/*")) {
            return "holds a comment delimiter ('*/' or '/*'), which would end or nest the comment it is written into";
        }
        if (value.contains("\\u")) {
            return "holds \\u, which Java reads as a character escape even inside comments";
        }
        if (value.contains("??/") || LINE_CONTINUATION.matcher(value).find()) {
            return "holds a backslash at the end of a line, which continues a C comment onto the next line";
        }
        return null;
    }

    /**
     * Control, format (bidirectional overrides, zero-width), line and paragraph separator
     * characters, unpaired surrogates and non-characters; plain newline and tab only where
     * allowed.
     */
    private static String controls(String value, boolean newlinesAndTabs) {
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            i += Character.charCount(c);
            if (newlinesAndTabs && (c == '\n' || c == '\t')) {
                continue;
            }
            int type = Character.getType(c);
            if (type == Character.CONTROL
                    || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR
                    || type == Character.SURROGATE
                    || (c & 0xFFFE) == 0xFFFE) {
                return "holds the control or invisible character " + String.format("U+%04X", c);
            }
        }
        return null;
    }

    /** XML 1.0 (fifth edition) Name without ':'. */
    static boolean isNcName(String value) {
        if (value.isEmpty()) {
            return false;
        }
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            if (i == 0 ? !isNameStart(c) : !isNameChar(c)) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    private static boolean isNameStart(int c) {
        return (c >= 'A' && c <= 'Z')
                || (c >= 'a' && c <= 'z')
                || c == '_'
                || (c >= 0xC0 && c <= 0xD6)
                || (c >= 0xD8 && c <= 0xF6)
                || (c >= 0xF8 && c <= 0x2FF)
                || (c >= 0x370 && c <= 0x37D)
                || (c >= 0x37F && c <= 0x1FFF)
                || (c >= 0x200C && c <= 0x200D)
                || (c >= 0x2070 && c <= 0x218F)
                || (c >= 0x2C00 && c <= 0x2FEF)
                || (c >= 0x3001 && c <= 0xD7FF)
                || (c >= 0xF900 && c <= 0xFDCF)
                || (c >= 0xFDF0 && c <= 0xFFFD)
                || (c >= 0x10000 && c <= 0xEFFFF);
    }

    private static boolean isNameChar(int c) {
        return isNameStart(c)
                || c == '-'
                || c == '.'
                || (c >= '0' && c <= '9')
                || c == 0xB7
                || (c >= 0x300 && c <= 0x36F)
                || (c >= 0x203F && c <= 0x2040);
    }

    /** A value as it may be shown in an error: escaped, on one line, and cut short. */
    static String shown(String value) {
        StringBuilder out = new StringBuilder();
        int count = 0;
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            i += Character.charCount(c);
            if (count++ == SHOWN_CHARS) {
                out.append("… (").append(value.length()).append(" characters)");
                break;
            }
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    int type = Character.getType(c);
                    if (c < 0x20
                            || c == 0x7F
                            || type == Character.CONTROL
                            || type == Character.FORMAT
                            || type == Character.LINE_SEPARATOR
                            || type == Character.PARAGRAPH_SEPARATOR
                            || type == Character.SURROGATE) {
                        out.append(String.format("\\u%04X", c));
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        }
        return "\"" + out + "\"";
    }
}
