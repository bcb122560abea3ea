package dev.soapbench.axis2.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
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
        try (Stream<Path> files = Files.walk(bundle)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".wsdl")).sorted().toList()) {
                places.scan(file, bundle.relativize(file).toString());
            }
        } catch (IOException e) {
            // No places: the refusal goes without one.
        }
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

    private void scan(Path file, String shownName) {
        DefaultHandler handler = new DefaultHandler() {
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
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.newSAXParser().parse(file.toFile(), handler);
        } catch (SAXException | IOException | ParserConfigurationException e) {
            // A file that does not parse was refused by the preflight; nothing to find in it.
        }
    }
}
