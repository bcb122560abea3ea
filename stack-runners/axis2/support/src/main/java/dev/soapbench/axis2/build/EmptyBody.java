package dev.soapbench.axis2.build;

import dev.soapbench.jvmsupport.build.BuildFailure;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/** Whether a sample envelope's SOAP Body holds no element (an input message without parts). */
final class EmptyBody {

    private EmptyBody() {}

    static boolean of(Path envelope) throws BuildFailure {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        // The samples come from the backend, but nothing read here needs a DTD or an entity.
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        try (InputStream in = Files.newInputStream(envelope)) {
            XMLStreamReader reader = factory.createXMLStreamReader(in);
            int depth = 0;
            boolean inBody = false;
            while (reader.hasNext()) {
                int event = reader.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    depth++;
                    if (inBody) {
                        return false;
                    }
                    inBody = depth == 2 && "Body".equals(reader.getLocalName());
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    if (inBody) {
                        return true;
                    }
                    depth--;
                }
            }
            return false;
        } catch (IOException | XMLStreamException e) {
            throw BuildFailure.error("cannot read sample " + envelope.getFileName() + ": " + e.getMessage());
        }
    }
}
