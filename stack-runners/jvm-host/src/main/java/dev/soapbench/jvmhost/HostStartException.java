package dev.soapbench.jvmhost;

/** HostStartException says, in one line, why the host could not serve. */
public final class HostStartException extends Exception {
    public HostStartException(String message) {
        super(message);
    }
}
