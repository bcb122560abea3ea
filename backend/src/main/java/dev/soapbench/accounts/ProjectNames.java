package dev.soapbench.accounts;

import java.util.regex.Pattern;

/**
 * The shape of a CI project's name (acme/billing, gitlab.com/group/sub/repo) and of a branch name:
 * both are shown on pages and in reports, so they are held to letters, digits and the punctuation
 * of repository paths and git ref names; no spaces, quotes, angle brackets or controls.
 */
public final class ProjectNames {

    public static final int MAX_LENGTH = 200;

    public static final Pattern SHAPE = Pattern.compile("[\\p{L}\\p{N}._/@+\\-]{1," + MAX_LENGTH + "}");

    /** What {@link #SHAPE} allows, for error messages. */
    public static final String RULE = "letters, digits and . _ / @ + -, at most " + MAX_LENGTH;

    private ProjectNames() {}

    public static boolean valid(String name) {
        return name != null && SHAPE.matcher(name).matches();
    }
}
