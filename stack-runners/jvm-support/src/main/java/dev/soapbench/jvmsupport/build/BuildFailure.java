package dev.soapbench.jvmsupport.build;

/**
 * BuildFailure ends a build with the contract's last stderr line: {@code unsupported: ...} when the
 * WSDL needs what the stack cannot do, {@code error: ...} for anything else.
 */
public final class BuildFailure extends Exception {
    private final boolean unsupported;

    private BuildFailure(boolean unsupported, String message) {
        super(message.replaceAll("\\s+", " ").trim());
        this.unsupported = unsupported;
    }

    public static BuildFailure unsupported(String what) {
        return new BuildFailure(true, what);
    }

    public static BuildFailure error(String what) {
        return new BuildFailure(false, what);
    }

    public String line() {
        return (unsupported ? "unsupported: " : "error: ") + getMessage();
    }
}
