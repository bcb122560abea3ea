package dev.soapbench.metro.build;

/**
 * BuildFailure ends a build with the contract's last stderr line: {@code unsupported: ...} when the
 * WSDL needs what JAX-WS cannot do, {@code error: ...} for anything else.
 */
final class BuildFailure extends Exception {
    private final boolean unsupported;

    private BuildFailure(boolean unsupported, String message) {
        super(message.replaceAll("\\s+", " ").trim());
        this.unsupported = unsupported;
    }

    static BuildFailure unsupported(String what) {
        return new BuildFailure(true, what);
    }

    static BuildFailure error(String what) {
        return new BuildFailure(false, what);
    }

    String line() {
        return (unsupported ? "unsupported: " : "error: ") + getMessage();
    }
}
