package dev.soapbench.jvmsupport.samples;

import javax.xml.stream.XMLInputFactory;

/** SampleXml holds what every reader of sample envelopes shares. */
public final class SampleXml {
    private SampleXml() {}

    /**
     * inputFactory reads sample envelopes: no DTD and no external entity (the samples come from the
     * backend, but nothing in an envelope needs either), text coalesced into one event.
     */
    public static XMLInputFactory inputFactory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        return factory;
    }

    /** rootCause is the message of a failure's innermost cause, on one line (its class when it has none). */
    public static String rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return (message == null ? root.getClass().getSimpleName() : message).replaceAll("\\s+", " ").trim();
    }
}
