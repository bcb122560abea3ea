package dev.soapbench.jvmsupport.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.Attributes;
import org.xml.sax.helpers.DefaultHandler;

class BindingPlacesTest {
    @TempDir
    Path bundle;

    @Test
    void namesTheBindingOperationNotThePortTypeOne() throws Exception {
        Files.createDirectories(bundle.resolve("sub"));
        Files.writeString(bundle.resolve("sub/svc.wsdl"), """
                <w:definitions xmlns:w="http://schemas.xmlsoap.org/wsdl/">
                  <w:portType name="P">
                    <w:operation name="lookup"/>
                  </w:portType>
                  <w:binding name="B" type="P">
                    <w:operation name="lookup"/>
                  </w:binding>
                </w:definitions>
                """);

        assertEquals("sub/svc.wsdl:6", BindingPlaces.operation(bundle, "lookup"));
        assertNull(BindingPlaces.operation(bundle, "missing"));
    }

    @Test
    void scanReadsEveryWsdlInPathOrderAndNoDoctype() throws Exception {
        Files.createDirectories(bundle.resolve("b"));
        Files.writeString(bundle.resolve("a.wsdl"), "<definitions/>");
        Files.writeString(bundle.resolve("b/c.wsdl"), "<definitions/>");
        Files.writeString(bundle.resolve("notes.txt"), "<definitions/>");
        // An external entity would read a file outside the bundle: the parser refuses the DOCTYPE
        // before the root element, and the scan goes on past the file.
        Files.writeString(bundle.resolve("d.wsdl"), """
                <!DOCTYPE definitions [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
                <definitions>&secret;</definitions>
                """);
        Files.writeString(bundle.resolve("e.wsdl"), "<definitions><unclosed></definitions>");
        Files.writeString(bundle.resolve("f.wsdl"), "<definitions/>");

        List<String> visited = new ArrayList<>();
        List<String> read = new ArrayList<>();
        BindingPlaces.scan(bundle, shownName -> {
            visited.add(shownName);
            return new DefaultHandler() {
                @Override
                public void startElement(String ns, String local, String qName, Attributes attributes) {
                    read.add(shownName);
                }
            };
        });

        assertEquals(List.of("a.wsdl", "b/c.wsdl", "d.wsdl", "e.wsdl", "f.wsdl"), visited);
        assertEquals(List.of("a.wsdl", "b/c.wsdl", "e.wsdl", "e.wsdl", "f.wsdl"), read);
    }
}
