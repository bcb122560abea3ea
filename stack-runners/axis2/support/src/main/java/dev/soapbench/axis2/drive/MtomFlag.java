package dev.soapbench.axis2.drive;

import java.util.ArrayList;
import java.util.List;

/**
 * MtomFlag takes {@code --mtom} (a flag without a value) out of drive's arguments, which are
 * otherwise flag-value pairs that the shared {@code DriveOptions} parses. Only a flag position is
 * read as the flag, so a value that happens to be {@code --mtom} stays the value it is. (The JAX-WS
 * runners have the same class in ../jaxws-support; the code all JVM runners share,
 * ../jvm-support, is installed under fixed coordinates and is not changed for this.)
 */
record MtomFlag(boolean mtom, String[] rest) {
    static final String FLAG = "--mtom";

    static MtomFlag take(String[] args) {
        boolean mtom = false;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(FLAG)) {
                mtom = true;
                continue;
            }
            rest.add(args[i]);
            if (i + 1 < args.length) {
                rest.add(args[++i]);
            }
        }
        return new MtomFlag(mtom, rest.toArray(String[]::new));
    }
}
