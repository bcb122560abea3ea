package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.soapbench.wsdl.ValueRules.Kind;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ValueRulesTest {

    static Stream<Arguments> accepted() {
        return Stream.of(
                // plain names, and what NCName allows besides letters
                Arguments.of(Kind.NAME, "getOrder"),
                Arguments.of(Kind.NAME, "_private.name-2"),
                Arguments.of(Kind.NAME, "Größe"),
                Arguments.of(Kind.NAME, "n".repeat(ValueRules.MAX_NAME_BYTES)),
                Arguments.of(Kind.QNAME, "tns:Order"),
                Arguments.of(Kind.QNAME, "Order"),
                // namespaces and actions as real WSDLs write them
                Arguments.of(Kind.URI, "http://example.com/orders/2026?x=1&y=2#frag"),
                Arguments.of(Kind.URI, "urn:soapbench:echo"),
                Arguments.of(Kind.URI, ""),
                Arguments.of(Kind.URI, "http://example.com/a%20b"),
                Arguments.of(Kind.URI, "##targetNamespace"),
                // literals a schema may enumerate
                Arguments.of(Kind.LITERAL, "IN-STOCK"),
                Arguments.of(Kind.LITERAL, "a value with spaces & <brackets>"),
                Arguments.of(Kind.LITERAL, ""),
                // numbers, keywords and dates in one token
                Arguments.of(Kind.TOKEN, "unbounded"),
                Arguments.of(Kind.TOKEN, "-1.5E3"),
                Arguments.of(Kind.TOKEN, "2026-01-01T00:00:00Z"),
                Arguments.of(Kind.TOKEN, " 10 "),
                // patterns keep their backslash escapes
                Arguments.of(Kind.PATTERN, "\\d{3}-[A-Z]+"),
                Arguments.of(Kind.PATTERN, "(/[a-z]*)*/?"),
                // documentation may span lines and use tabs
                Arguments.of(Kind.DOCUMENTATION, "Returns the order.\n\tSee also: getOrders (a * b / c)."),
                Arguments.of(Kind.DOCUMENTATION, "Größe in cm, e.g. 12 \\ 13 inch"));
    }

    @ParameterizedTest
    @MethodSource("accepted")
    void accepts(Kind kind, String value) {
        assertNull(ValueRules.violation(kind, value));
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                // a CXF @WebMethod(action=...) break-out in a name
                Arguments.of(Kind.NAME, "echo\") static { }", "not an XML NCName"),
                Arguments.of(Kind.NAME, "", "is empty"),
                Arguments.of(Kind.NAME, "1st", "not an XML NCName"),
                Arguments.of(Kind.NAME, "-opt", "not an XML NCName"),
                Arguments.of(Kind.NAME, "a:b", "not an XML NCName"),
                Arguments.of(Kind.NAME, "quote'd", "not an XML NCName"),
                Arguments.of(Kind.NAME, "tab\there", "not an XML NCName"),
                Arguments.of(Kind.NAME, "n".repeat(ValueRules.MAX_NAME_BYTES + 1), "longer than 200 bytes"),
                // multi-byte letters count in bytes, as file names do
                Arguments.of(Kind.NAME, "ö".repeat(101), "longer than 200 bytes"),
                Arguments.of(Kind.QNAME, "tns:a\"b", "local name"),
                Arguments.of(Kind.QNAME, "t ns:ab", "prefix"),
                // soapAction break-outs for CXF, gSOAP and Metro
                Arguments.of(Kind.URI, "urn:a\"); static { Runtime.getRuntime(); }", "characters a URI may not"),
                Arguments.of(Kind.URI, "urn:a'b", "characters a URI may not"),
                Arguments.of(Kind.URI, "urn:a\\b", "characters a URI may not"),
                Arguments.of(Kind.URI, "urn:a b", "characters a URI may not"),
                Arguments.of(Kind.URI, "urn:a\nb", "characters a URI may not"),
                Arguments.of(Kind.URI, "urn:a{b}", "characters a URI may not"),
                Arguments.of(Kind.URI, "urn:a`id`", "characters a URI may not"),
                Arguments.of(Kind.URI, "http://exämple.com/", "characters a URI may not"),
                Arguments.of(Kind.URI, "urn:%zz", "characters a URI may not"),
                Arguments.of(Kind.URI, "urn:" + "a".repeat(ValueRules.MAX_URI_CHARS), "longer than 1024"),
                // enumerations and defaults written as string literals
                Arguments.of(Kind.LITERAL, "A\"; system(\"id\"); \"", "quote"),
                Arguments.of(Kind.LITERAL, "it's", "quote"),
                Arguments.of(Kind.LITERAL, "a\\u0022b", "backslash"),
                Arguments.of(Kind.LITERAL, "line\nbreak", "U+000A"),
                Arguments.of(Kind.LITERAL, "nul\u0000", "U+0000"),
                Arguments.of(Kind.LITERAL, "bidi\u202Eoverride", "U+202E"),
                Arguments.of(Kind.LITERAL, "js\u2028separator", "U+2028"),
                Arguments.of(Kind.LITERAL, "x".repeat(ValueRules.MAX_LITERAL_CHARS + 1), "longer than 1024"),
                // ADB writes minOccurs as a bare number into Java
                Arguments.of(Kind.TOKEN, "1); System.exit(0); //", "not a single number or keyword"),
                Arguments.of(Kind.TOKEN, "1 2", "not a single number or keyword"),
                Arguments.of(Kind.TOKEN, "9".repeat(65), "longer than 64"),
                Arguments.of(Kind.PATTERN, "[a-z]\"+", "quote"),
                Arguments.of(Kind.PATTERN, "\\u0022", "\\u"),
                Arguments.of(Kind.PATTERN, "a\rb", "U+000D"),
                // documentation written into Javadoc and C comments
                Arguments.of(Kind.DOCUMENTATION, "ends here */ static { } /*", "comment delimiter"),
                Arguments.of(Kind.DOCUMENTATION, "opens /* a comment", "comment delimiter"),
                Arguments.of(Kind.DOCUMENTATION, "java escape \\u002a\\u002f", "\\u"),
                Arguments.of(Kind.DOCUMENTATION, "continues \\\nnext line", "end of a line"),
                Arguments.of(Kind.DOCUMENTATION, "trigraph ??/", "end of a line"),
                Arguments.of(Kind.DOCUMENTATION, "carriage\rreturn", "U+000D"),
                Arguments.of(Kind.DOCUMENTATION, "x".repeat(ValueRules.MAX_DOCUMENTATION_CHARS + 1), "longer than"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refuses(Kind kind, String value, String reason) {
        String why = ValueRules.violation(kind, value);

        assertNotNull(why, value);
        assertTrue(why.contains(reason), why);
    }

    @ParameterizedTest
    @MethodSource("shownValues")
    void showsValuesEscapedOnOneLineAndShort(String value, String shown) {
        assertEquals(shown, ValueRules.shown(value));
    }

    static Stream<Arguments> shownValues() {
        return Stream.of(
                Arguments.of("plain", "\"plain\""),
                Arguments.of("a\"b\\c", "\"a\\\"b\\\\c\""),
                Arguments.of("line\nbreak\u0000", "\"line\\nbreak\\u0000\""),
                Arguments.of("x".repeat(70), "\"" + "x".repeat(60) + "… (70 characters)\""));
    }
}
