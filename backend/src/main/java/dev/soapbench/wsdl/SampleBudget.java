package dev.soapbench.wsdl;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import javax.xml.namespace.QName;

/**
 * The bounds of sample generation for one bundle: elements and bytes per message, bytes for all
 * messages together, characters per value, steps per pattern match, and wall time. A schema
 * that would exceed one is refused with {@link SampleTooLarge} while it is counted, before
 * anything beyond the bound is built; samples are stored, shipped in every job and parsed by
 * every stack, so they must stay small.
 */
final class SampleBudget {

    static final int MAX_ELEMENTS = 20_000;
    static final long MAX_MESSAGE_BYTES = 1024 * 1024;
    static final long MAX_BUNDLE_BYTES = 8 * 1024 * 1024;
    static final int MAX_VALUE_CHARS = 64 * 1024;
    // A regular expression reads its input this many times at most: enough for any pattern a
    // schema means, and a few tens of milliseconds for one that backtracks without end.
    static final long MAX_PATTERN_STEPS = 5_000_000;
    static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final LongSupplier nanoTime;
    private final long deadline;
    private int elements;
    private long messageBytes;
    private long bundleBytes;

    SampleBudget() {
        this(System::nanoTime);
    }

    SampleBudget(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.deadline = nanoTime.getAsLong() + MAX_NANOS;
    }

    void startMessage() {
        elements = 0;
        messageBytes = 0;
    }

    /** Counts one more element of a message; {@code why} explains the refusal if it is one too many. */
    void element(QName name, Refusal why) {
        if (++elements > MAX_ELEMENTS) {
            throw why.refuse("its sample would need more than " + MAX_ELEMENTS + " elements");
        }
        addBytes(2L * name.getLocalPart().length() + 16, why);
        checkTime(why);
    }

    /** Counts text or attribute content written into the current message. */
    void text(String text, Refusal why) {
        if (text != null) {
            addBytes(text.length(), why);
        }
    }

    void checkTime(Refusal why) {
        if (nanoTime.getAsLong() - deadline > 0) {
            throw why.refuse(
                    "generating the samples took longer than " + TimeUnit.NANOSECONDS.toSeconds(MAX_NANOS) + " s");
        }
    }

    private void addBytes(long bytes, Refusal why) {
        messageBytes += bytes;
        bundleBytes += bytes;
        if (messageBytes > MAX_MESSAGE_BYTES) {
            throw why.refuse("its sample message would be larger than " + MAX_MESSAGE_BYTES + " bytes");
        }
        if (bundleBytes > MAX_BUNDLE_BYTES) {
            throw why.refuse("the samples of all operations would be larger than " + MAX_BUNDLE_BYTES + " bytes");
        }
    }

    /** Builds the refusal for the schema component being sampled when a bound breaks. */
    @FunctionalInterface
    interface Refusal {
        SampleTooLarge refuse(String bound);
    }
}
