package dev.soapbench.springws.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.jvmsupport.samples.SampleIndex;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import org.w3c.dom.Element;

/**
 * SampleOperation is one operation of the samples folder bound into the generated types: the
 * request (what the native client sends) and the response (what the generic endpoint answers),
 * each as a payload object, or null for an empty Body, and its header block objects.
 */
public record SampleOperation(SampleIndex.Entry entry, QName requestName, Object request, List<Object> requestHeaders,
        Object response, List<Object> responseHeaders) {

    /** read binds every operation of the folder's index, in the index's order. */
    public static List<SampleOperation> readAll(Path samples, SampleBinding binding) throws SampleException {
        List<SampleOperation> operations = new ArrayList<>();
        for (SampleIndex.Entry entry : SampleIndex.read(samples)) {
            operations.add(read(samples, entry, binding));
        }
        return operations;
    }

    private static SampleOperation read(Path samples, SampleIndex.Entry entry, SampleBinding binding)
            throws SampleException {
        SampleEnvelope request = SampleEnvelope.read(samples.resolve(entry.request()));
        String requestFile = entry.request();
        Object requestPayload = request.payload() == null ? null : binding.bind(request.payload(), requestFile);
        List<Object> requestHeaders = binding.bindAll(declared(request.headers(), entry.headersIn()), requestFile);
        Object responsePayload = null;
        List<Object> responseHeaders = List.of();
        if (!entry.oneWay() && entry.response() != null) {
            SampleEnvelope response = SampleEnvelope.read(samples.resolve(entry.response()));
            String responseFile = entry.response();
            responsePayload = response.payload() == null ? null : binding.bind(response.payload(), responseFile);
            responseHeaders = binding.bindAll(declared(response.headers(), entry.headersOut()), responseFile);
        }
        return new SampleOperation(entry, request.payloadName(), requestPayload, requestHeaders, responsePayload,
                responseHeaders);
    }

    /** The header blocks the binding declares (the index names them); a stack's own blocks stay out. */
    private static List<Element> declared(List<Element> headers, List<QName> names) {
        return headers.stream().filter(h -> names.contains(SampleEnvelope.name(h))).toList();
    }
}
