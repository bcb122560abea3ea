package dev.soapbench.jvmsupport.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * WsdlPreflight reads the entry WSDL and everything it imports before code generation, to give
 * the user a precise place for what would otherwise be a tool's stack trace: XML that is not
 * well-formed, imports that leave the bundle, encoded bindings, WSDL 2.0. The refusals name
 * the code generator ("JAX-WS", "Axis2 ADB") that cannot take the WSDL.
 */
public final class WsdlPreflight {
    /** What a code generator cannot bind, refused here with its place rather than by the generator. */
    public enum Refused {
        /** {@code mixed="true"} on a complex type or its complex content (Axis2 ADB). */
        MIXED_CONTENT
    }

    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";
    private static final String WSDL20 = "http://www.w3.org/ns/wsdl";
    private static final String SOAP11_BINDING = "http://schemas.xmlsoap.org/wsdl/soap/";
    private static final String SOAP12_BINDING = "http://schemas.xmlsoap.org/wsdl/soap12/";
    private static final String XSD = "http://www.w3.org/2001/XMLSchema";

    private final Path bundle;
    private final String generator;
    private final Set<Refused> refused;
    private final Set<Path> seen = new LinkedHashSet<>();
    private final Deque<Path> pending = new ArrayDeque<>();
    private int soapBindings;

    private WsdlPreflight(Path bundle, String generator, Set<Refused> refused) {
        this.bundle = bundle.toAbsolutePath().normalize();
        this.generator = generator;
        this.refused = refused.isEmpty() ? EnumSet.noneOf(Refused.class) : EnumSet.copyOf(refused);
    }

    /** check reads the entry and its imports; it throws on the first problem found. */
    public static void check(Path bundle, Path entry, String generator) throws BuildFailure {
        check(bundle, entry, generator, Set.of());
    }

    /** check, also refusing as {@code unsupported:} the schema features the generator cannot bind. */
    public static void check(Path bundle, Path entry, String generator, Set<Refused> refused) throws BuildFailure {
        WsdlPreflight preflight = new WsdlPreflight(bundle, generator, refused);
        Path start = preflight.bundle.resolve(entry).normalize();
        if (!start.startsWith(preflight.bundle) || !Files.isRegularFile(start)) {
            throw BuildFailure.error("entry WSDL " + entry + " is not a file in the bundle");
        }
        preflight.enqueue(start);
        while (!preflight.pending.isEmpty()) {
            preflight.scan(preflight.pending.pop());
        }
        if (preflight.soapBindings == 0) {
            throw BuildFailure.unsupported("no SOAP 1.1 or SOAP 1.2 binding (" + generator + " serves SOAP only), in " + entry);
        }
    }

    private void enqueue(Path file) {
        if (seen.add(file)) {
            pending.add(file);
        }
    }

    private String relative(Path file) {
        return bundle.relativize(file).toString();
    }

    private void scan(Path file) throws BuildFailure {
        Handler handler = new Handler(file);
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            SAXParser parser = factory.newSAXParser();
            parser.parse(file.toFile(), handler);
        } catch (SAXParseException e) {
            throw BuildFailure.error(relative(file) + ":" + e.getLineNumber() + ": not well-formed XML: " + e.getMessage());
        } catch (SAXException e) {
            if (e.getCause() instanceof BuildFailure failure) {
                throw failure;
            }
            throw BuildFailure.error(relative(file) + ": " + e.getMessage());
        } catch (ParserConfigurationException | IOException e) {
            throw BuildFailure.error("cannot read " + relative(file) + ": " + e.getMessage());
        }
    }

    private final class Handler extends DefaultHandler {
        private final Path file;
        private Locator locator;
        private boolean firstElement = true;
        private String binding;
        private String bindingStyle = "document";
        private String operationStyle;
        /** The names of the open XML Schema elements, complexType and element, to name a type's place. */
        private final Deque<String[]> schemaScopes = new ArrayDeque<>();

        Handler(Path file) {
            this.file = file;
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        private String where() {
            return relative(file) + ":" + locator.getLineNumber();
        }

        private SAXException stop(BuildFailure failure) {
            return new SAXException(failure.getMessage(), failure);
        }

        @Override
        public void startElement(String ns, String local, String qName, Attributes attributes) throws SAXException {
            if (firstElement) {
                firstElement = false;
                if (WSDL20.equals(ns)) {
                    throw stop(BuildFailure.unsupported("WSDL 2.0 (" + generator + " reads WSDL 1.1), in " + where()));
                }
            }
            boolean soapExtension = SOAP11_BINDING.equals(ns) || SOAP12_BINDING.equals(ns);
            if (XSD.equals(ns) && (local.equals("element") || local.equals("complexType"))) {
                String name = attributes.getValue("name");
                schemaScopes.push(new String[] {local, name != null ? name : attributes.getValue("ref")});
            }
            if (WSDL11.equals(ns) && local.equals("binding")) {
                binding = attributes.getValue("name");
                bindingStyle = "document";
            } else if (WSDL11.equals(ns) && local.equals("operation")) {
                operationStyle = null;
            } else if (WSDL11.equals(ns) && local.equals("import")) {
                follow(attributes.getValue("location"));
            } else if (XSD.equals(ns) && (local.equals("import") || local.equals("include") || local.equals("redefine"))) {
                follow(attributes.getValue("schemaLocation"));
            } else if (XSD.equals(ns) && (local.equals("complexType") || local.equals("complexContent"))) {
                String mixed = attributes.getValue("mixed");
                if (refused.contains(Refused.MIXED_CONTENT) && ("true".equals(mixed) || "1".equals(mixed))) {
                    throw stop(BuildFailure.unsupported("mixed content in " + typeName(local, attributes.getValue("name"))
                            + " (" + generator + " does not bind mixed content), in " + where()));
                }
            } else if (soapExtension && local.equals("binding")) {
                soapBindings++;
                if (attributes.getValue("style") != null) {
                    bindingStyle = attributes.getValue("style");
                }
            } else if (soapExtension && local.equals("operation") && attributes.getValue("style") != null) {
                operationStyle = attributes.getValue("style");
            } else if (soapExtension && "encoded".equals(attributes.getValue("use"))) {
                String style = operationStyle != null ? operationStyle : bindingStyle;
                throw stop(BuildFailure.unsupported(style + "/encoded binding " + binding
                        + " (" + generator + " supports literal use only), in " + where()));
            }
        }

        @Override
        public void endElement(String ns, String local, String qName) {
            if (XSD.equals(ns) && (local.equals("element") || local.equals("complexType"))) {
                schemaScopes.pop();
            }
        }

        /** typeName says which type a complexType or complexContent belongs to, named or anonymous. */
        private String typeName(String local, String name) {
            if (local.equals("complexType") && name != null) {
                return "type " + name;
            }
            // complexContent: its complexType is the innermost scope; an anonymous type: its element's
            boolean pastOwnType = !local.equals("complexContent");
            for (String[] scope : schemaScopes) {
                if (scope[0].equals("complexType") && !pastOwnType) {
                    pastOwnType = true;
                    if (scope[1] != null) {
                        return "type " + scope[1];
                    }
                } else if (scope[0].equals("element") && scope[1] != null) {
                    return "the anonymous type of element " + scope[1];
                }
            }
            return "an anonymous type";
        }

        private void follow(String location) throws SAXException {
            if (location == null || location.isBlank()) {
                return;
            }
            if (location.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                throw stop(BuildFailure.error("import of " + location + " points outside the bundle, in " + where()
                        + "; include the file in the bundle and import it by relative path"));
            }
            Path target = file.getParent().resolve(location).normalize();
            if (!target.startsWith(bundle)) {
                throw stop(BuildFailure.error("import of " + location + " leaves the bundle, in " + where()));
            }
            if (!Files.isRegularFile(target)) {
                throw stop(BuildFailure.error("imported file " + location + " is not in the bundle, in " + where()));
            }
            enqueue(target);
        }
    }
}
