package dev.soapbench.jvmsupport.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
