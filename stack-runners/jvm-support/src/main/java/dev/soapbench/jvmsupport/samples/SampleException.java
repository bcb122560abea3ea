package dev.soapbench.jvmsupport.samples;

/**
 * SampleException says, in one line, which sample could not be read or bound and why. One that
 * is {@link #unsupported} names a construct of the WSDL the stack cannot honour (a header block
 * its generated types do not map), and {@link #operation} the operation whose binding holds it.
 */
public final class SampleException extends Exception {
    private final String operation;

    public SampleException(String message) {
        this(message, null);
    }

    private SampleException(String message, String operation) {
        super(message);
        this.operation = operation;
    }

    /** unsupported is the failure of a WSDL construct of {@code operation} the stack cannot honour. */
    public static SampleException unsupported(String operation, String message) {
        return new SampleException(message, operation);
    }

    public boolean unsupported() {
        return operation != null;
    }

    public String operation() {
        return operation;
    }
}
