package dev.soapbench.jaxws;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import javax.xml.namespace.QName;

/**
 * EndpointDescription is what a build hands to the server in {@code endpoint.properties}: which
 * generated interface to publish, for which WSDL port, implemented by which class, and whether the
 * implementation is the generic one answering from the samples. A generic implementation has a
 * class where the stack publishes only concrete classes (Metro's generated endpoint) and none where
 * the servlet implements the interface itself (CXF's proxy).
 */
public record EndpointDescription(
        String serviceInterface, QName service, QName port, String wsdl, String soapVersion, String implementation,
        boolean generic) {

    public static final String FILE_NAME = "endpoint.properties";
    public static final String SAMPLES_FOLDER = "samples";

    public void write(Path buildDir) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("serviceInterface", serviceInterface);
        properties.setProperty("service", service.toString());
        properties.setProperty("port", port.toString());
        properties.setProperty("wsdl", wsdl);
        properties.setProperty("soapVersion", soapVersion);
        if (implementation != null) {
            properties.setProperty("implementation", implementation);
        }
        properties.setProperty("generic", Boolean.toString(generic));
        try (Writer writer = Files.newBufferedWriter(buildDir.resolve(FILE_NAME), StandardCharsets.UTF_8)) {
            properties.store(writer, "the endpoint the server publishes at /ws");
        }
    }

    public static EndpointDescription read(Path buildDir) throws IOException {
        Path file = buildDir.resolve(FILE_NAME);
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        return new EndpointDescription(
                required(properties, "serviceInterface", file),
                QName.valueOf(required(properties, "service", file)),
                QName.valueOf(required(properties, "port", file)),
                required(properties, "wsdl", file),
                required(properties, "soapVersion", file),
                properties.getProperty("implementation"),
                Boolean.parseBoolean(properties.getProperty("generic")));
    }

    /**
     * Whether the build asked for MTOM ({@code runner build --mtom} appends {@code mtom=true} to
     * the file): the server then answers with XOP packages.
     */
    public static boolean mtom(Path buildDir) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(buildDir.resolve(FILE_NAME), StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        return Boolean.parseBoolean(properties.getProperty("mtom"));
    }

    private static String required(Properties properties, String key, Path file) throws IOException {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IOException(file + " has no " + key + "; rebuild");
        }
        return value;
    }
}
