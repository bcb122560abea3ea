package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import java.util.UUID;

/**
 * Who sees a run. {@code public}: anyone, and it is listed; {@code unlisted}: anyone with its link
 * (id or share slug), never listed, not even in a branch's history; {@code private}: only the token
 * that submitted it. Runs another caller may not see are answered as not found, so their existence
 * does not leak.
 */
final class Visibility {

    static final String PUBLIC = "public";
    static final String UNLISTED = "unlisted";
    static final String PRIVATE = "private";

    private Visibility() {}

    /** Whether anyone holding the run's link may see it. */
    static boolean byLink(String visibility) {
        return PUBLIC.equals(visibility) || UNLISTED.equals(visibility);
    }

    /** Whether {@code caller}, holding the link, may see a run of this visibility and owner. */
    static boolean visibleTo(String visibility, UUID ownerTokenId, Caller caller) {
        return byLink(visibility) || caller.owns(ownerTokenId);
    }

    static boolean known(String visibility) {
        return PUBLIC.equals(visibility) || UNLISTED.equals(visibility) || PRIVATE.equals(visibility);
    }
}
