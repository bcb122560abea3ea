package dev.soapbench.wsdl;

import java.util.ArrayList;
import java.util.List;

/**
 * The start tags of a document the parser has already accepted, in document order, with where
 * each attribute's value sits in the text. Used to change one attribute value in place, so that
 * every other byte, and therefore every line number the user sees, stays as uploaded.
 */
final class StartTags {

    /** An attribute as written: its qualified name and the span of its value between the quotes. */
    record Attribute(String name, int valueStart, int valueEnd, char quote) {}

    record Tag(List<Attribute> attributes) {}

    private final String text;
    private int at;

    private StartTags(String text) {
        this.text = text;
    }

    /** Every start tag (and empty-element tag) of the text; comments, CDATA and PIs are skipped. */
    static List<Tag> of(String text) {
        return new StartTags(text).scan();
    }

    private List<Tag> scan() {
        List<Tag> tags = new ArrayList<>();
        while ((at = text.indexOf('<', at)) >= 0) {
            if (text.startsWith("<!--", at)) {
                skipPast("-->");
            } else if (text.startsWith("<![CDATA[", at)) {
                skipPast("]]>");
            } else if (text.startsWith("<?", at)) {
                skipPast("?>");
            } else if (text.startsWith("<!", at) || text.startsWith("</", at)) {
                skipPast(">");
            } else {
                tags.add(startTag());
            }
        }
        return tags;
    }

    private Tag startTag() {
        at++;
        while (!isSpace(text.charAt(at)) && text.charAt(at) != '>' && text.charAt(at) != '/') {
            at++;
        }
        List<Attribute> attributes = new ArrayList<>();
        while (true) {
            skipSpace();
            char c = text.charAt(at);
            if (c == '>') {
                at++;
                return new Tag(attributes);
            }
            if (c == '/') {
                at += 2; // "/>"
                return new Tag(attributes);
            }
            int nameStart = at;
            while (text.charAt(at) != '=' && !isSpace(text.charAt(at))) {
                at++;
            }
            String name = text.substring(nameStart, at);
            skipSpace();
            at++; // '='
            skipSpace();
            char quote = text.charAt(at);
            if (quote != '"' && quote != '\'') {
                throw new IllegalStateException("an attribute value without quotes at offset " + at);
            }
            int valueStart = at + 1;
            int valueEnd = text.indexOf(quote, valueStart);
            if (valueEnd < 0) {
                throw new IllegalStateException("an unterminated attribute value at offset " + at);
            }
            attributes.add(new Attribute(name, valueStart, valueEnd, quote));
            at = valueEnd + 1;
        }
    }

    private void skipPast(String end) {
        int found = text.indexOf(end, at + 1);
        at = found < 0 ? text.length() : found + end.length();
    }

    private void skipSpace() {
        while (isSpace(text.charAt(at))) {
            at++;
        }
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }
}
