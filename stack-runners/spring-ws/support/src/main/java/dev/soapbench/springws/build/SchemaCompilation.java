package dev.soapbench.springws.build;

import com.sun.codemodel.JClass;
import com.sun.codemodel.JCodeModel;
import com.sun.codemodel.writer.FileCodeWriter;
import com.sun.tools.xjc.api.ErrorListener;
import com.sun.tools.xjc.api.S2JJAXBModel;
import com.sun.tools.xjc.api.SchemaCompiler;
import com.sun.tools.xjc.api.XJC;
import dev.soapbench.jvmsupport.build.BuildFailure;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * SchemaCompilation runs JAXB's schema compiler (XJC, as a library) on every schema of the WSDL
 * bundle: the {@code wsdl:types} schemas of the entry WSDL and of each WSDL it imports, and the
 * schema files those import or include. It writes the generated sources and returns the Java
 * packages that hold an ObjectFactory, which make the JAXB context path.
 */
final class SchemaCompilation {
    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";
    private static final String XSD = XMLConstants.W3C_XML_SCHEMA_NS_URI;

    private final Path bundle;
    private final PrintStream log;
    private SAXParseException firstError;
    private SAXParseException firstWarning;
    private String refusedImport;

    private SchemaCompilation(Path bundle, PrintStream log) {
        this.bundle = bundle.toAbsolutePath().normalize();
        this.log = log;
    }

    static List<String> compile(Path bundle, Path entryFile, Path generated, PrintStream log) throws BuildFailure {
        return new SchemaCompilation(bundle, log).run(entryFile, generated);
    }

    private List<String> run(Path entryFile, Path generated) throws BuildFailure {
        SchemaCompiler compiler = XJC.createSchemaCompiler();
        compiler.setErrorListener(listener());
        // The preflight kept every import inside the bundle; the compiler is held to it again.
        compiler.setEntityResolver((publicId, systemId) -> {
            if (systemId == null || systemId.isEmpty()) {
                // An xsd:import with a namespace and no schemaLocation (XJC's schema check asks
                // with an empty system id): nothing is read, XJC finds the namespace among the
                // schemas it was given, as the WSDL's other inline schemas.
                return null;
            }
            if (!insideBundle(systemId)) {
                // XJC swallows a resolver's exception and only returns no model: remember why.
                refusedImport = systemId;
                throw new SAXException("import of " + systemId + " leaves the bundle");
            }
            return null;
        });
        int schemas = 0;
        for (Path file : importedFiles(entryFile)) {
            Element root = parse(file).getDocumentElement();
            if (XSD.equals(root.getNamespaceURI())) {
                // a schema named by wsdl:import, as some WSDLs do; XJC reads the file itself, so
                // its messages carry the file's lines
                compiler.parseSchema(new InputSource(file.toUri().toString()));
                schemas++;
                continue;
            }
            // A fragment per inline schema: the compiler tells schemas apart by system id, and
            // relative schemaLocations still resolve against the WSDL's folder.
            try {
                schemas += InlineSchemaReader.read(compiler, file);
            } catch (SAXException | IOException e) {
                throw BuildFailure.error("cannot read " + bundle.relativize(file) + ": " + e.getMessage());
            }
        }
        failOnError("reading the schemas");
        if (schemas == 0) {
            log.println("the WSDL declares no schema: nothing for XJC to compile");
            return List.of();
        }
        S2JJAXBModel model = compiler.bind();
        failOnError("binding the schemas");
        if (model == null) {
            throw noModel();
        }
        JCodeModel code = model.generateCode(null, listener());
        failOnError("generating code");
        try {
            Files.createDirectories(generated);
            code.build(new FileCodeWriter(generated.toFile(), "UTF-8"));
        } catch (IOException e) {
            throw BuildFailure.error("cannot write the generated sources: " + e.getMessage());
        }
        Set<String> packages = new LinkedHashSet<>();
        for (JClass factory : model.getAllObjectFactories()) {
            packages.add(factory._package().name());
        }
        log.println("XJC compiled " + schemas + " schema(s) into package(s) " + packages);
        return List.copyOf(packages);
    }

    private ErrorListener listener() {
        return new ErrorListener() {
            @Override
            public void error(SAXParseException e) {
                report("error", e);
                if (firstError == null) {
                    firstError = e;
                }
            }

            @Override
            public void fatalError(SAXParseException e) {
                error(e);
            }

            @Override
            public void warning(SAXParseException e) {
                report("warning", e);
                if (firstWarning == null) {
                    firstWarning = e;
                }
            }

            @Override
            public void info(SAXParseException e) {}
        };
    }

    private void report(String kind, SAXParseException e) {
        log.println("XJC " + kind + ": " + where(e) + ": " + e.getMessage());
    }

    private void failOnError(String step) throws BuildFailure {
        if (firstError != null) {
            throw BuildFailure.error("XJC, " + step + ": " + firstError.getMessage() + ", in " + where(firstError));
        }
    }

    /**
     * Why XJC returned no model although it reported no error: the import the entity resolver
     * refused (XJC drops the resolver's exception), else XJC's first warning (its schema check
     * reports schema errors as warnings), so the reason still names a construct and a place.
     */
    private BuildFailure noModel() {
        if (refusedImport != null) {
            return BuildFailure.error("XJC, binding the schemas: an import of " + asUserKnowsIt(refusedImport)
                    + " leaves the bundle");
        }
        if (firstWarning != null) {
            return BuildFailure.error("XJC could not bind the WSDL's schemas: " + firstWarning.getMessage()
                    + ", in " + where(firstWarning));
        }
        return BuildFailure.error("XJC could not bind the WSDL's schemas (XJC gave no reason)");
    }

    /** The bundle file and line of a compiler message, as the user knows the file. */
    private String where(SAXParseException e) {
        String file = e.getSystemId() == null ? "?" : asUserKnowsIt(e.getSystemId().replaceFirst("#types\\d+$", ""));
        return file + ":" + e.getLineNumber();
    }

    /** A file: URI relative to the bundle (never a worker path); any other name as it is. */
    private String asUserKnowsIt(String systemId) {
        try {
            return bundle.relativize(Path.of(URI.create(systemId)).normalize()).toString();
        } catch (IllegalArgumentException | FileSystemNotFoundException e) {
            return systemId;   // not a file: URI; the name the WSDL wrote
        }
    }

    private boolean insideBundle(String systemId) {
        try {
            URI uri = URI.create(systemId);
            return "file".equals(uri.getScheme()) && Path.of(uri).normalize().startsWith(bundle);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The entry WSDL and every file it imports by wsdl:import, directly or not, each once. */
    private List<Path> importedFiles(Path entryFile) throws BuildFailure {
        Set<Path> seen = new LinkedHashSet<>();
        Deque<Path> pending = new ArrayDeque<>(List.of(entryFile.toAbsolutePath().normalize()));
        while (!pending.isEmpty()) {
            Path wsdl = pending.pop();
            if (!seen.add(wsdl)) {
                continue;
            }
            for (Element imported : children(parse(wsdl).getDocumentElement(), WSDL11, "import")) {
                String location = imported.getAttribute("location");
                if (!location.isEmpty()) {
                    pending.add(wsdl.getParent().resolve(location).normalize());
                }
            }
        }
        return List.copyOf(seen);
    }

    private Document parse(Path file) throws BuildFailure {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Document document = factory.newDocumentBuilder().parse(file.toFile());
            document.setDocumentURI(file.toUri().toString());
            return document;
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw BuildFailure.error("cannot read " + bundle.relativize(file) + ": " + e.getMessage());
        }
    }

    private static List<Element> children(Element parent, String namespace, String localName) {
        List<Element> found = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && namespace.equals(element.getNamespaceURI())
                    && localName.equals(element.getLocalName())) {
                found.add(element);
            }
        }
        return found;
    }
}
