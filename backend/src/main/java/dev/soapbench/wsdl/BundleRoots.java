package dev.soapbench.wsdl;

import java.util.function.BiConsumer;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The root element of every file of a bundle that parses, for the scans that look for a construct
 * anywhere in it; a file that does not parse is skipped, since the analysis reports it itself.
 */
final class BundleRoots {

    private BundleRoots() {}

    /** Calls {@code scan} with each parsing file's name and root element, in the bundle's order. */
    static void each(WsdlBundle bundle, BiConsumer<String, Element> scan) {
        bundle.files().forEach((name, content) -> {
            Document document;
            try {
                document = SecureXml.parse(name, content);
            } catch (WsdlProblem notXml) {
                return;
            }
            if (document.getDocumentElement() != null) {
                scan.accept(name, document.getDocumentElement());
            }
        });
    }
}
