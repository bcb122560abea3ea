package dev.soapbench.wsdl;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Produces the shortest obvious string for the common shapes of xsd:pattern (literals, \d, \w,
 * character classes, groups with alternatives, quantifiers). Returns null when the pattern is
 * beyond that, or when the result does not match after all. A pattern whose shortest value is
 * longer than a sample value may be ({@code a{20000000}}), or whose match runs too long, is
 * refused through the given {@link SampleBudget.Refusal} before it is built or run further.
 */
final class PatternSample {

    private final String pattern;
    private final SampleBudget.Refusal refusal;
    private int position;

    private PatternSample(String pattern, SampleBudget.Refusal refusal) {
        this.pattern = pattern;
        this.refusal = refusal;
    }

    static String generate(String pattern, SampleBudget.Refusal refusal) {
        String value;
        try {
            PatternSample sample = new PatternSample(pattern, refusal);
            value = sample.sequence();
            if (sample.position != pattern.length()) {
                return null;
            }
        } catch (SampleTooLarge e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            return null;
        }
        return matches(pattern, value, refusal) ? value : null;
    }

    /**
     * XSD patterns are anchored; Java's regex understands the subset we sample. The input counts
     * its reads, so a pattern that backtracks without end is stopped after a bounded number of steps.
     */
    static boolean matches(String pattern, String value, SampleBudget.Refusal refusal) {
        try {
            return Pattern.compile(pattern)
                    .matcher(new CountedChars(value, pattern, refusal))
                    .matches();
        } catch (PatternSyntaxException | StackOverflowError e) {
            return false;
        }
    }

    private String sequence() {
        StringBuilder out = new StringBuilder();
        while (position < pattern.length() && pattern.charAt(position) != ')' && pattern.charAt(position) != '|') {
            String atom = atom();
            int[] bounds = quantifier();
            int repeat = Math.max(bounds[0], bounds[1] == 0 ? 0 : Math.min(1, bounds[1]));
            if ((long) atom.length() * repeat + out.length() > SampleBudget.MAX_VALUE_CHARS) {
                throw refusal.refuse("its pattern " + ValueRules.shown(pattern) + " needs a value longer than "
                        + SampleBudget.MAX_VALUE_CHARS + " characters");
            }
            out.append(atom.repeat(repeat));
        }
        return out.toString();
    }

    /** The characters of a value, refusing the pattern once it has read them too often. */
    private static final class CountedChars implements CharSequence {
        private final String value;
        private final String pattern;
        private final SampleBudget.Refusal refusal;
        private final long[] steps;

        CountedChars(String value, String pattern, SampleBudget.Refusal refusal) {
            this(value, pattern, refusal, new long[1]);
        }

        private CountedChars(String value, String pattern, SampleBudget.Refusal refusal, long[] steps) {
            this.value = value;
            this.pattern = pattern;
            this.refusal = refusal;
            this.steps = steps;
        }

        @Override
        public char charAt(int index) {
            if (++steps[0] > SampleBudget.MAX_PATTERN_STEPS) {
                throw refusal.refuse("its pattern " + ValueRules.shown(pattern) + " takes more than "
                        + SampleBudget.MAX_PATTERN_STEPS + " steps to match a sample value");
            }
            return value.charAt(index);
        }

        @Override
        public int length() {
            return value.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new CountedChars(value.substring(start, end), pattern, refusal, steps);
        }

        @Override
        public String toString() {
            return value;
        }
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
                int min = count(range[0]);
                int max = range.length == 1
                        ? min
                        : range[1].isBlank()
                                ? Integer.MAX_VALUE
                                : (int) Math.min(Long.parseLong(range[1].trim()), Integer.MAX_VALUE);
                return new int[] {min, max};
            }
            default -> {
                return new int[] {1, 1};
            }
        }
    }

    /** A repetition count; one beyond int is more than any sample may hold. */
    private int count(String digits) {
        long value = Long.parseLong(digits.trim());
        if (value > SampleBudget.MAX_VALUE_CHARS) {
            throw refusal.refuse("its pattern " + ValueRules.shown(pattern) + " repeats a part " + value
                    + " times, more than a sample value may hold");
        }
        return (int) value;
    }

    private void expect(char c) {
        if (position >= pattern.length() || pattern.charAt(position) != c) {
            throw new IllegalArgumentException("expected " + c);
        }
        position++;
    }
}
