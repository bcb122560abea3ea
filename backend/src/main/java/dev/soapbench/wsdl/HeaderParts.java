package dev.soapbench.wsdl;

import dev.soapbench.wsdl.WsdlModel.BodyBinding;
import dev.soapbench.wsdl.WsdlModel.HeaderBinding;
import dev.soapbench.wsdl.WsdlModel.Message;
import dev.soapbench.wsdl.WsdlModel.Part;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;

/**
 * Resolves the SOAP headers a binding operation declares for one direction into the global
 * elements the samples carry as header blocks. A header the samples cannot build is left out
 * with a warning naming it and where it is bound; nothing else about the operation changes.
 */
final class HeaderParts {

    private HeaderParts() {}

    /** The header blocks of one direction, in the binding's order. */
    static List<QName> elements(WsdlModel model, String operation, BodyBinding binding, List<String> warnings) {
        if (binding == null) {
            return List.of();
        }
        List<QName> elements = new ArrayList<>();
        for (HeaderBinding header : binding.headers()) {
            QName element = element(model, operation, header, warnings);
            if (element != null) {
                elements.add(element);
            }
        }
        return List.copyOf(elements);
    }

    /** Whether {@code part} of {@code message} is bound as a header, so it is not also in the body. */
    static boolean isHeader(BodyBinding binding, QName message, String part) {
        return binding != null
                && binding.headers().stream().anyMatch(h -> message.equals(h.message()) && part.equals(h.part()));
    }

    private static QName element(WsdlModel model, String operation, HeaderBinding header, List<String> warnings) {
        String named = header.where() + ": operation " + operation + " binds the SOAP header part '" + header.part()
                + "' of message "
                + (header.message() == null ? "(none)" : header.message().getLocalPart());
        if (!"literal".equals(header.use())) {
            warnings.add(named + " with use=\"" + header.use() + "\"; samples leave encoded headers out");
            return null;
        }
        Message message = header.message() == null ? null : model.messages().get(header.message());
        if (message == null) {
            warnings.add(named + ", which the WSDL does not define; samples leave it out");
            return null;
        }
        Part part = message.parts().stream()
                .filter(p -> p.name().equals(header.part()))
                .findFirst()
                .orElse(null);
        if (part == null) {
            warnings.add(named + ", which has no such part; samples leave it out");
            return null;
        }
        // A literal header block is the part's element; a part declared by type names no element
        // for the block, so there is nothing a sample could send that every stack reads alike.
        if (part.element() == null) {
            warnings.add(named + ", which is declared by type, not element; samples leave it out");
            return null;
        }
        if (model.schemas().getElementByQName(part.element()) == null) {
            warnings.add(named + ", whose element " + part.element()
                    + " is not declared in the WSDL's schemas; samples leave it out");
            return null;
        }
        return part.element();
    }
}
