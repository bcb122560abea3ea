package dev.soapbench.wsdl;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The files of an uploaded WSDL, keyed by relative '/'-separated path, and the path of the WSDL
 * to start from; {@code catalogs} says what the upload's XML catalogs changed in them.
 */
public record WsdlBundle(String entry, Map<String, byte[]> files, AppliedCatalogs catalogs) {

    public WsdlBundle {
        files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
        if (!files.containsKey(entry)) {
            throw new WsdlProblem("the entry " + entry + " is not in the bundle");
        }
        catalogs = catalogs == null ? AppliedCatalogs.NONE : catalogs;
    }

    /** A bundle no catalog touched. */
    public WsdlBundle(String entry, Map<String, byte[]> files) {
        this(entry, files, AppliedCatalogs.NONE);
    }
}
