package dev.soapbench.axis2.build;

import dev.soapbench.jvmsupport.build.BindingPlaces;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.helpers.DefaultHandler;

/**
 * MessagePlaces knows where the bundle's WSDL files declare each {@code wsdl:message} and its
 * parts, as {@code file:line} relative to the bundle, and which port type operations use a
 * message: WSDL2Java names only the message (by local name or QName) when it refuses one, and a
 * refusal names the place the user knows. Messages are keyed by local name; the first
 * declaration wins (the bundle passed WsdlPreflight already, so every file parses).
 */
final class MessagePlaces {
    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";

    private final Map<String, String> messages = new LinkedHashMap<>();
    private final Map<String, String> parts = new LinkedHashMap<>();
    private final Map<String, List<String>> operations = new LinkedHashMap<>();

    private MessagePlaces() {}

    static MessagePlaces of(Path bundle) {
        MessagePlaces places = new MessagePlaces();
        BindingPlaces.scan(bundle, places::reader);
        return places;
    }

    /** The place of message {@code name} (its local name), or null. */
    String message(String name) {
        return messages.get(name);
    }

    /** The place of part {@code part} of message {@code message}, else of the message, or null. */
    String part(String message, String part) {
        String place = parts.get(message + "\n" + part);
        return place != null ? place : message(message);
    }

    /** The port type operations whose input or output is message {@code name}. */
    List<String> operationsUsing(String name) {
        return operations.getOrDefault(name, List.of());
    }

    /** reader is the SAX handler that notes the places of the file shown as {@code shownName}. */
    private DefaultHandler reader(String shownName) {
        return new DefaultHandler() {
            private Locator locator;
            private String message;
            private String operation;
            private boolean inPortType;

            @Override
            public void setDocumentLocator(Locator locator) {
                this.locator = locator;
            }

            private String here() {
                return shownName + ":" + locator.getLineNumber();
            }

            @Override
            public void startElement(String ns, String local, String qName, Attributes attributes) {
                if (!WSDL11.equals(ns)) {
                    return;
                }
                String name = attributes.getValue("name");
                switch (local) {
                    case "message" -> {
                        message = name;
                        if (name != null) {
                            messages.putIfAbsent(name, here());
                        }
                    }
                    case "part" -> {
                        if (message != null && name != null) {
                            parts.putIfAbsent(message + "\n" + name, here());
                        }
                    }
                    case "portType" -> inPortType = true;
                    case "operation" -> operation = inPortType ? name : null;
                    case "input", "output" -> {
                        String used = attributes.getValue("message");
                        if (operation != null && used != null) {
                            String usedName = used.substring(used.indexOf(':') + 1);
                            List<String> users = operations.computeIfAbsent(usedName, k -> new ArrayList<>());
                            if (!users.contains(operation)) {
                                users.add(operation);
                            }
                        }
                    }
                    default -> {}
                }
            }

            @Override
            public void endElement(String ns, String local, String qName) {
                if (WSDL11.equals(ns) && local.equals("message")) {
                    message = null;
                } else if (WSDL11.equals(ns) && local.equals("portType")) {
                    inPortType = false;
                }
            }
        };
    }
}
