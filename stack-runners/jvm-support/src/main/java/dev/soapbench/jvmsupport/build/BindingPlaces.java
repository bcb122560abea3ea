package dev.soapbench.jvmsupport.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * BindingPlaces finds where a binding binds an operation, as {@code file:line} relative to the
 * bundle, so a refusal names the place the user knows; {@link #scan} serves a stack's own search
 * for places. The bundle passed WsdlPreflight already.
 */
public final class BindingPlaces {
    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";

    private BindingPlaces() {}

    /** operation returns the first {@code wsdl:binding/wsdl:operation} named {@code name}, or null. */
    public static String operation(Path bundle, String name) {
        String[] found = {null};
        scan(bundle, shownName -> new DefaultHandler() {
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
                    found[0] = shownName + ":" + locator.getLineNumber();
                }
            }

            @Override
            public void endElement(String ns, String local, String qName) {
                if (WSDL11.equals(ns) && local.equals("binding")) {
                    inBinding = false;
                }
            }
        });
        return found[0];
    }

    /**
     * scan reads every WSDL file of the bundle, in path order, with the SAX handler {@code handlers}
     * makes for the file's name relative to the bundle (the name a place gives). The parser reads
     * no DOCTYPE; a file that does not parse (the preflight refused it already) is passed over.
     */
    public static void scan(Path bundle, Function<String, DefaultHandler> handlers) {
        List<Path> wsdls;
        try (Stream<Path> files = Files.walk(bundle)) {
            wsdls = files.filter(f -> f.toString().endsWith(".wsdl")).sorted().toList();
        } catch (IOException e) {
            return;
        }
        for (Path file : wsdls) {
            parse(file, handlers.apply(bundle.relativize(file).toString()));
        }
    }

    private static void parse(Path file, DefaultHandler handler) {
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.newSAXParser().parse(file.toFile(), handler);
        } catch (SAXException | IOException | ParserConfigurationException e) {
            // Nothing more to find in this file.
        }
    }
}
