package dev.soapbench.jaxws.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import java.nio.file.Path;
import java.util.List;
import org.w3c.dom.Element;

/**
 * Envelope is a sample envelope's message parts: the Body's elements (in rpc style the wrapper's
 * children) and the Header's blocks.
 */
record Envelope(List<Element> body, List<Element> headers) {

    /** read parses {@code file}; {@code direction} ("request", "response") only words the errors. */
    static Envelope read(Path file, boolean rpc, String direction) throws SampleException {
        Element envelope = SampleResponses.parse(file).getDocumentElement();
        Element body = SampleResponses.child(envelope, "Body");
        if (body == null) {
            throw new SampleException(file + ": no SOAP Body");
        }
        List<Element> payload = SampleResponses.elements(body);
        if (rpc && !(payload.size() == 1 && SampleResponses.isFault(payload.get(0)))) {
            if (payload.size() != 1) {
                throw new SampleException(file + ": an rpc " + direction + " has exactly one element in its Body");
            }
            payload = SampleResponses.elements(payload.get(0));
        }
        Element header = SampleResponses.child(envelope, "Header");
        return new Envelope(payload, header == null ? List.of() : SampleResponses.elements(header));
    }
}
