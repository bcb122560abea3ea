package dev.soapbench.springws.security;

/**
 * UnsupportedSecurity is a profile value Spring-WS's WS-Security support cannot honour; the build
 * ends with {@code unsupported: security mode MODE: } and its message.
 */
public final class UnsupportedSecurity extends RuntimeException {
    public UnsupportedSecurity(String message) {
        super(message);
    }
}
