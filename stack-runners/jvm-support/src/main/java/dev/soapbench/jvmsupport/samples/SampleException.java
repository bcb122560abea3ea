package dev.soapbench.jvmsupport.samples;

/** SampleException says, in one line, which sample could not be read or bound and why. */
public final class SampleException extends Exception {
    public SampleException(String message) {
        super(message);
    }
}
