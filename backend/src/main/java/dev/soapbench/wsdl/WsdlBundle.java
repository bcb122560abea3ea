package dev.soapbench.wsdl;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The files of an uploaded WSDL, keyed by relative '/'-separated path, and the path of the WSDL
 * to start from.
 */
public record WsdlBundle(String entry, Map<String, byte[]> files) {

    public WsdlBundle {
        files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
        if (!files.containsKey(entry)) {
            throw new WsdlProblem("the entry " + entry + " is not in the bundle");
        }
    }
}
