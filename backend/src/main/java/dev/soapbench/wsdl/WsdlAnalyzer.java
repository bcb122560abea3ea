package dev.soapbench.wsdl;

import dev.soapbench.wsdl.BoundOperation.Direction;
import dev.soapbench.wsdl.WsdlModel.Part;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.ws.commons.schema.XmlSchemaComplexType;
import org.apache.ws.commons.schema.XmlSchemaElement;
import org.apache.ws.commons.schema.XmlSchemaSequence;
import org.apache.ws.commons.schema.XmlSchemaType;

/** Reports what a WSDL 1.1 bundle offers: services, SOAP versions and every bound operation. */
public final class WsdlAnalyzer {

    public WsdlAnalyzer() {}

    /** Analyses a bundle, or throws a {@link WsdlProblem} saying what is wrong and where. */
    public WsdlAnalysis analyze(WsdlBundle bundle) {
        BundleValues.check(bundle);
        WsdlModel model = WsdlLoader.load(bundle);
        List<String> warnings = new ArrayList<>(bundle.catalogs().warnings());
        warnings.addAll(model.warnings());
        List<BoundOperation> bound = BoundOperation.allOf(model, warnings);
        if (bound.isEmpty()) {
            boolean anySoap = model.bindings().values().stream().anyMatch(b -> b.soapVersion() != null);
            throw new WsdlProblem(
                    bundle.entry(),
                    null,
                    null,
                    anySoap
                            ? "the WSDL's services bind no operation over SOAP 1.1 or SOAP 1.2"
                            : "the WSDL has no SOAP 1.1 or SOAP 1.2 binding");
        }
        List<OperationInfo> operations = new ArrayList<>();
        List<String> places = new ArrayList<>();
        Set<String> soapVersions = new LinkedHashSet<>();
        Set<String> styles = new LinkedHashSet<>();
        for (BoundOperation operation : bound) {
            String style = classify(model, operation, warnings);
            soapVersions.add(operation.soapVersion());
            styles.add(style);
            operations.add(new OperationInfo(
                    operation.name(),
                    operation.binding().name().getLocalPart(),
                    style,
                    operation.soapVersion(),
                    operation.bindingOperation().soapAction(),
                    operation.output() == null,
                    bodyElement(model, operation, operation.input(), false, warnings),
                    operation.output() == null
                            ? null
                            : bodyElement(model, operation, operation.output(), true, warnings),
                    attachments(operation.bindingOperation())));
            places.add(operation.bindingOperation().where());
        }
        List<String> services =
                model.services().stream().map(s -> s.name().getLocalPart()).toList();
        return new WsdlAnalysis(
                bundle.entry(),
                model.targetNamespace(),
                services,
                List.copyOf(soapVersions),
                List.copyOf(styles),
                operations,
                bundle.catalogs().rewrites(),
                SameRequest.amongst(operations, places),
                warnings.stream().distinct().toList());
    }

    static String classify(WsdlModel model, BoundOperation operation, List<String> warnings) {
        boolean encoded = "encoded".equals(operation.use());
        if (operation.isRpc()) {
            return encoded ? "rpc-encoded" : "rpc-literal";
        }
        if (encoded) {
            warnings.add("operation " + operation.name() + " is document/encoded, which few stacks support");
            return "document-encoded";
        }
        return isWrapped(model, operation) ? "document-literal-wrapped" : "document-literal-bare";
    }

    private static boolean isWrapped(WsdlModel model, BoundOperation operation) {
        List<Part> parts = operation.input().parts();
        if (parts.size() != 1 || parts.get(0).element() == null) {
            return false;
        }
        QName elementName = parts.get(0).element();
        if (!elementName.getLocalPart().equals(operation.name())) {
            return false;
        }
        XmlSchemaElement element = model.schemas().getElementByQName(elementName);
        if (element == null) {
            return false;
        }
        XmlSchemaType type = element.getSchemaType() != null
                ? element.getSchemaType()
                : element.getSchemaTypeName() == null
                        ? null
                        : model.schemas().getTypeByQName(element.getSchemaTypeName());
        if (!(type instanceof XmlSchemaComplexType complexType)) {
            return false;
        }
        boolean sequenceOrEmpty =
                complexType.getParticle() == null || complexType.getParticle() instanceof XmlSchemaSequence;
        return complexType.getContentModel() == null
                && sequenceOrEmpty
                && complexType.getAttributes().isEmpty()
                && complexType.getAnyAttribute() == null;
    }

    private static String bodyElement(
            WsdlModel model, BoundOperation operation, Direction direction, boolean response, List<String> warnings) {
        if (operation.isRpc()) {
            return "{" + rpcNamespace(model, operation, direction, warnings) + "}" + operation.name()
                    + (response ? "Response" : "");
        }
        if (direction.parts().isEmpty()) {
            return null;
        }
        if (direction.parts().size() > 1) {
            warnings.add("operation " + operation.name() + " puts "
                    + direction.parts().size() + " parts in a document-style body; WS-I Basic Profile allows one");
        }
        Part first = direction.parts().get(0);
        if (first.element() == null) {
            warnings.add("operation " + operation.name() + " has a document-style part '" + first.name()
                    + "' declared by type instead of element");
            return "{}" + first.name();
        }
        return "{" + first.element().getNamespaceURI() + "}" + first.element().getLocalPart();
    }

    /** The rpc wrapper namespace: soap:body's namespace, else the WSDL's target namespace. */
    static String rpcNamespace(WsdlModel model, BoundOperation operation, Direction direction, List<String> warnings) {
        if (direction.namespace() != null && !direction.namespace().isEmpty()) {
            return direction.namespace();
        }
        if (warnings != null) {
            warnings.add(
                    "rpc operation " + operation.name() + " has no soap:body namespace; the target namespace is used");
        }
        return model.targetNamespace();
    }

    /** Where the operation's input or output is bound as SOAP with Attachments, if it is. */
    private static String attachments(WsdlModel.BindingOperation operation) {
        for (WsdlModel.BodyBinding direction : java.util.Arrays.asList(operation.input(), operation.output())) {
            if (direction != null && direction.attachments() != null) {
                return direction.attachments();
            }
        }
        return null;
    }
}
