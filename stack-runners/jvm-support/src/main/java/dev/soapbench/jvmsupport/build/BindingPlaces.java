package dev.soapbench.jvmsupport.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * BindingPlaces finds where a binding binds an operation, as {@code file:line} relative to the
 * bundle, so a refusal names the place the user knows. The bundle passed WsdlPreflight already.
 */
public final class BindingPlaces {
    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";

    private BindingPlaces() {}

    /** operation returns the first {@code wsdl:binding/wsdl:operation} named {@code name}, or null. */
    public static String operation(Path bundle, String name) {
        List<Path> wsdls;
        try (Stream<Path> files = Files.walk(bundle)) {
            wsdls = files.filter(f -> f.toString().endsWith(".wsdl")).sorted().toList();
        } catch (IOException e) {
            return null;
        }
        for (Path file : wsdls) {
            String line = find(file, name);
            if (line != null) {
                return bundle.relativize(file) + ":" + line;
            }
        }
        return null;
    }

    private static String find(Path file, String name) {
        String[] found = {null};
        DefaultHandler handler = new DefaultHandler() {
            private Locator locator;
            private boolean inBinding;

            @Override
            public void setDocumentLocator(Locator locator) {
                this.locator = locator;
            }

            @Override
            public void startElement(String ns, String local, String qName, Attributes attributes) {
                if (WSDL11.equals(ns) && local.equals("binding")) {
                    inBinding = true;
                } else if (inBinding && found[0] == null && WSDL11.equals(ns) && local.equals("operation")
                        && name.equals(attributes.getValue("name"))) {
                    found[0] = Integer.toString(locator.getLineNumber());
                }
            }

            @Override
            public void endElement(String ns, String local, String qName) {
                if (WSDL11.equals(ns) && local.equals("binding")) {
                    inBinding = false;
                }
            }
        };
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.newSAXParser().parse(file.toFile(), handler);
        } catch (SAXException | IOException | javax.xml.parsers.ParserConfigurationException e) {
            return null;
        }
        return found[0];
    }
}
