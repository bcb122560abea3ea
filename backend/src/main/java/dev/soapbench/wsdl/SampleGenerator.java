package dev.soapbench.wsdl;

import dev.soapbench.wsdl.BoundOperation.Direction;
import dev.soapbench.wsdl.WsdlModel.Part;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;

/**
 * Builds a sample request and response envelope for every operation of an analysed WSDL from
 * the bundle's XML Schema types. The values are deterministic, so the same WSDL always yields
 * the same samples.
 */
public final class SampleGenerator {

    public SampleGenerator() {}

    public List<Sample> generate(WsdlBundle bundle, WsdlAnalysis analysis) {
        return generateWithWarnings(bundle, analysis).samples();
    }

    /**
     * Like {@link #generate}, also reporting where a sample may not match its schema. A schema
     * whose samples would break a {@link SampleBudget} bound is refused with a {@link WsdlProblem}
     * naming the type or element, and its declaration's file and line where they can be found.
     */
    public SampleSet generateWithWarnings(WsdlBundle bundle, WsdlAnalysis analysis) {
        try {
            return generateWithin(bundle, analysis, new SampleBudget());
        } catch (SampleTooLarge tooLarge) {
            throw SchemaLocations.locate(bundle, tooLarge);
        }
    }

    SampleSet generateWithin(WsdlBundle bundle, WsdlAnalysis analysis, SampleBudget budget) {
        WsdlModel model = WsdlLoader.load(bundle);
        List<String> warnings = new ArrayList<>();
        List<BoundOperation> bound = BoundOperation.allOf(model, new ArrayList<>());
        List<Sample> samples = new ArrayList<>();
        for (OperationInfo info : analysis.operations()) {
            BoundOperation operation = bound.stream()
                    .filter(o -> o.name().equals(info.name())
                            && o.binding().name().getLocalPart().equals(info.binding()))
                    .findFirst()
                    .orElseThrow(() -> new WsdlProblem("operation " + info.name() + " of binding " + info.binding()
                            + " is not in the bundle that was analysed"));
            budget.startMessage();
            String request = XmlWriter.write(envelope(model, operation, operation.input(), false, warnings, budget));
            budget.startMessage();
            String response = operation.output() == null
                    ? null
                    : XmlWriter.write(envelope(model, operation, operation.output(), true, warnings, budget));
            samples.add(
                    new Sample(info.name(), info.soapAction(), info.soapVersion(), info.oneWay(), request, response));
        }
        return new SampleSet(samples, warnings);
    }

    private static XmlNode envelope(
            WsdlModel model,
            BoundOperation operation,
            Direction direction,
            boolean response,
            List<String> warnings,
            SampleBudget budget) {
        String envelopeNamespace = Namespaces.envelope(operation.soapVersion());
        XmlNode envelope = new XmlNode(new QName(envelopeNamespace, "Envelope"));
        if (!direction.headers().isEmpty()) {
            // Header blocks are literal whatever the body's use, so they get a builder of their
            // own; they share the message's budget. mustUnderstand stays unset: a stack's answer
            // to a header it cannot process is what the measurement should show, not a fault.
            InstanceBuilder literal = new InstanceBuilder(model.schemas(), warnings, false, budget);
            XmlNode header = envelope.add(new XmlNode(new QName(envelopeNamespace, "Header")));
            direction.headers().forEach(element -> header.add(literal.element(element)));
        }
        XmlNode body = envelope.add(new XmlNode(new QName(envelopeNamespace, "Body")));
        boolean encoded = "encoded".equals(operation.use());
        InstanceBuilder builder = new InstanceBuilder(model.schemas(), warnings, encoded, budget);
        if (operation.isRpc()) {
            String namespace = WsdlAnalyzer.rpcNamespace(model, operation, direction, null);
            XmlNode wrapper =
                    body.add(new XmlNode(new QName(namespace, operation.name() + (response ? "Response" : ""))));
            if (encoded) {
                wrapper.attribute(
                        new QName(envelopeNamespace, "encodingStyle"),
                        XmlNode.Value.of(Namespaces.encoding(operation.soapVersion())));
            }
            for (Part part : direction.parts()) {
                wrapper.add(
                        part.element() != null
                                ? builder.element(part.element())
                                : builder.typed(new QName("", part.name()), part.type()));
            }
            return envelope;
        }
        for (Part part : direction.parts()) {
            if (part.element() != null) {
                body.add(builder.element(part.element()));
            } else {
                warnings.add("operation " + operation.name() + ": document-style part '" + part.name()
                        + "' has a type, not an element; it is sampled as an unqualified element");
                body.add(builder.typed(new QName("", part.name()), part.type()));
            }
        }
        return envelope;
    }
}
