package dev.soapbench.axis2.build;

import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.xml.sax.Attributes;
import org.xml.sax.helpers.DefaultHandler;

/**
 * DeclaredHeaders reads the {@code soap:header} and {@code soap12:header} elements of the bundle's
 * binding operations, so that a header the generic implementation cannot carry is refused by
 * name: the samples leave out a header whose part is declared by type or does not exist (with a
 * warning in the analysis), and a server built without it would measure without the header.
 * Messages are matched by local name, as {@link MessagePlaces} does.
 */
final class DeclaredHeaders {
    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";
    private static final Set<String> SOAP_BINDINGS = Set.of(
            "http://schemas.xmlsoap.org/wsdl/soap/", "http://schemas.xmlsoap.org/wsdl/soap12/");

    /** Header is one declared header: its binding operation, direction, message and part. */
    record Header(String operation, boolean input, String message, String part) {}

    /** How a message part is declared: by element, by type, or neither. */
    enum PartKind { ELEMENT, TYPE, NEITHER }

    private final List<Header> headers = new ArrayList<>();
    private final Map<String, PartKind> parts = new HashMap<>();

    private DeclaredHeaders() {}

    static DeclaredHeaders of(Path bundle) {
        DeclaredHeaders declared = new DeclaredHeaders();
        BindingPlaces.scan(bundle, shownName -> declared.reader());
        return declared;
    }

    List<Header> headers() {
        return headers;
    }

    /** kind answers how part {@code part} of message {@code message} is declared, or null when there is no such part. */
    PartKind kind(String message, String part) {
        return parts.get(message + "\n" + part);
    }

    /**
     * refuseUncarried fails the build on the first header of one of {@code operations} whose part
     * is declared by type or is not in the bundle: no ADB element bean carries it.
     */
    void refuseUncarried(Path bundle, Set<String> operations) throws BuildFailure {
        for (Header header : headers) {
            if (!operations.contains(header.operation())) {
                continue;
            }
            PartKind kind = kind(header.message(), header.part());
            if (kind == PartKind.ELEMENT) {
                continue;
            }
            String why = kind == null ? "which the bundle does not declare" : "which is declared by type";
            String place = BindingPlaces.operation(bundle, header.operation());
            throw BuildFailure.unsupported((header.input() ? "input" : "output") + " SOAP header part " + header.part()
                    + " of message " + header.message() + " of operation " + header.operation() + ", " + why
                    + " (Axis2's generic implementation reads and writes header blocks through the ADB bean of an element)"
                    + (place == null ? "" : ", in " + place));
        }
    }

    private DefaultHandler reader() {
        return new DefaultHandler() {
            private String message;
            private String operation;
            private boolean inBinding;
            private Boolean input;

            @Override
            public void startElement(String ns, String local, String qName, Attributes attributes) {
                if (WSDL11.equals(ns)) {
                    switch (local) {
                        case "message" -> message = attributes.getValue("name");
                        case "part" -> {
                            String name = attributes.getValue("name");
                            if (message != null && name != null) {
                                PartKind kind = attributes.getValue("element") != null ? PartKind.ELEMENT
                                        : attributes.getValue("type") != null ? PartKind.TYPE : PartKind.NEITHER;
                                parts.putIfAbsent(message + "\n" + name, kind);
                            }
                        }
                        case "binding" -> inBinding = true;
                        case "operation" -> operation = inBinding ? attributes.getValue("name") : null;
                        case "input" -> input = inBinding ? Boolean.TRUE : null;
                        case "output" -> input = inBinding ? Boolean.FALSE : null;
                        default -> {}
                    }
                } else if (SOAP_BINDINGS.contains(ns) && local.equals("header") && operation != null && input != null) {
                    String used = attributes.getValue("message");
                    String part = attributes.getValue("part");
                    if (used != null && part != null) {
                        headers.add(new Header(operation, input, used.substring(used.indexOf(':') + 1), part));
                    }
                }
            }

            @Override
            public void endElement(String ns, String local, String qName) {
                if (!WSDL11.equals(ns)) {
                    return;
                }
                switch (local) {
                    case "message" -> message = null;
                    case "binding" -> inBinding = false;
                    case "operation" -> operation = null;
                    case "input", "output" -> input = null;
                    default -> {}
                }
            }
        };
    }
}
