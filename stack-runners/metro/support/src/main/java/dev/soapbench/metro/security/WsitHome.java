package dev.soapbench.metro.security;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * WsitHome points Metro at a secured build: the key store locations of the build's policy are
 * {@code $WSIT_HOME/security/...}, which Metro resolves with the system property WSIT_HOME, so a
 * build does not depend on the folder it lies in.
 */
public final class WsitHome {
    private WsitHome() {}

    /** Sets WSIT_HOME to the build when it is secured (it has a security folder); true then. */
    public static boolean use(Path build) {
        if (!Files.isDirectory(build.resolve("security"))) {
            return false;
        }
        System.setProperty("WSIT_HOME", build.toAbsolutePath().toString());
        return true;
    }
}
