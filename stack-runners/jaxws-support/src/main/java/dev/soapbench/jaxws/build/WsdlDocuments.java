package dev.soapbench.jaxws.build;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.wsdl.Definition;
import javax.wsdl.Import;
import javax.wsdl.WSDLException;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The WSDL documents of a bundle as the builds that edit the build's copy of it walk them: the
 * entry as WSDL4J reads it, every document it imports, the file each one is, and the offsets of
 * its lines, so that an edit lands on the line the user wrote.
 */
public final class WsdlDocuments {

    private WsdlDocuments() {}

    /**
     * read is the entry WSDL with the documents it imports, or null when WSDL4J cannot read it: the
     * code generator then reports the problem in its own words.
     */
    public static Definition read(Path entryFile) {
        try {
            WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
            reader.setFeature("javax.wsdl.verbose", false);
            return reader.readWSDL(entryFile.toUri().toString());
        } catch (WSDLException e) {
            return null;
        }
    }

    /** documents is the entry and every WSDL it imports, directly or not, each once. */
    public static List<Definition> documents(Definition entry) {
        Map<String, Definition> found = new LinkedHashMap<>();
        Deque<Definition> pending = new ArrayDeque<>(List.of(entry));
        while (!pending.isEmpty()) {
            Definition definition = pending.pop();
            if (definition == null || found.putIfAbsent(String.valueOf(definition.getDocumentBaseURI()), definition) != null) {
                continue;
            }
            for (Object imports : definition.getImports().values()) {
                for (Object item : (List<?>) imports) {
                    pending.add(((Import) item).getDefinition());
                }
            }
        }
        return new ArrayList<>(found.values());
    }

    /** file is the document's path, when it is a file of the bundle (preflight allows no other). */
    public static Path file(Definition definition, Path bundle) {
        try {
            Path file = Path.of(URI.create(definition.getDocumentBaseURI())).toAbsolutePath().normalize();
            return file.startsWith(bundle.toAbsolutePath().normalize()) && Files.isRegularFile(file) ? file : null;
        } catch (IllegalArgumentException | NullPointerException e) {
            return null;
        }
    }

    /** charset is the encoding the document declares, UTF-8 when it declares none. */
    public static Charset charset(byte[] bytes) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        XMLStreamReader reader = factory.createXMLStreamReader(new ByteArrayInputStream(bytes));
        String encoding = reader.getEncoding();
        reader.close();
        return Charset.forName(encoding == null ? "UTF-8" : encoding);
    }

    /** lineStarts is the offset each line begins at; a line ends at LF, CR LF or CR, as XML reads them. */
    public static int[] lineStarts(String text) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                starts.add(i + 1);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }
}
