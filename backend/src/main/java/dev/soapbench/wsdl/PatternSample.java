package dev.soapbench.wsdl;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Produces the shortest obvious string for the common shapes of xsd:pattern (literals, \d, \w,
 * character classes, groups with alternatives, quantifiers). Returns null when the pattern is
 * beyond that, or when the result does not match after all.
 */
final class PatternSample {

    private final String pattern;
    private int position;

    private PatternSample(String pattern) {
        this.pattern = pattern;
    }

    static String generate(String pattern) {
        try {
            PatternSample sample = new PatternSample(pattern);
            String value = sample.sequence();
            if (sample.position != pattern.length()) {
                return null;
            }
            return matches(pattern, value) ? value : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** XSD patterns are anchored; Java's regex understands the subset we sample. */
    static boolean matches(String pattern, String value) {
        try {
            return Pattern.compile(pattern).matcher(value).matches();
        } catch (PatternSyntaxException e) {
            return false;
        }
    }

    private String sequence() {
        StringBuilder out = new StringBuilder();
        while (position < pattern.length() && pattern.charAt(position) != ')' && pattern.charAt(position) != '|') {
            String atom = atom();
            int[] bounds = quantifier();
            int repeat = Math.max(bounds[0], bounds[1] == 0 ? 0 : Math.min(1, bounds[1]));
            out.append(atom.repeat(repeat));
        }
        return out.toString();
    }

    private String atom() {
        char c = pattern.charAt(position++);
        switch (c) {
            case '(' -> {
                String first = sequence();
                while (position < pattern.length() && pattern.charAt(position) == '|') {
                    position++;
                    sequence();
                }
                expect(')');
                return first;
            }
            case '[' -> {
                return characterClass();
            }
            case '\\' -> {
                return escape(pattern.charAt(position++));
            }
            case '.' -> {
                return "a";
            }
            default -> {
                return String.valueOf(c);
            }
        }
    }

    private String characterClass() {
        if (pattern.charAt(position) == '^') {
            throw new IllegalArgumentException("negated classes are not sampled");
        }
        String first;
        char c = pattern.charAt(position++);
        first = c == '\\' ? escape(pattern.charAt(position++)) : String.valueOf(c);
        int depth = 1;
        while (depth > 0) {
            char next = pattern.charAt(position++);
            if (next == '\\') {
                position++;
            } else if (next == '[') {
                depth++;
            } else if (next == ']') {
                depth--;
            }
        }
        return first;
    }

    private static String escape(char c) {
        return switch (c) {
            case 'd' -> "1";
            case 'w', 'i', 'c' -> "a";
            case 's' -> " ";
            case 'n' -> "\n";
            case 't' -> "\t";
            case 'D', 'W', 'S', 'I', 'C', 'p', 'P' -> throw new IllegalArgumentException(
                    "class \\" + c + " is not sampled");
            default -> String.valueOf(c);
        };
    }

    private int[] quantifier() {
        if (position >= pattern.length()) {
            return new int[] {1, 1};
        }
        char c = pattern.charAt(position);
        switch (c) {
            case '?' -> {
                position++;
                return new int[] {0, 1};
            }
            case '*' -> {
                position++;
                return new int[] {0, Integer.MAX_VALUE};
            }
            case '+' -> {
                position++;
                return new int[] {1, Integer.MAX_VALUE};
            }
            case '{' -> {
                int close = pattern.indexOf('}', position);
                String[] range = pattern.substring(position + 1, close).split(",", -1);
                position = close + 1;
                int min = Integer.parseInt(range[0].trim());
                int max = range.length == 1
                        ? min
                        : range[1].isBlank() ? Integer.MAX_VALUE : Integer.parseInt(range[1].trim());
                return new int[] {min, max};
            }
            default -> {
                return new int[] {1, 1};
            }
        }
    }

    private void expect(char c) {
        if (position >= pattern.length() || pattern.charAt(position) != c) {
            throw new IllegalArgumentException("expected " + c);
        }
        position++;
    }
}
