package dev.soapbench.springws;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * BuildDescription is what a build hands to the server and the client in
 * {@code endpoint.properties}: the JAXB context path of the generated packages, the SOAP version of
 * the published port, the catalog service's {@code @Endpoint} classes, comma-separated (none:
 * the generic endpoints answering from the samples), and the security mode the runner's
 * secure-build added (none: plain; the builder itself writes plain builds only).
 */
public record BuildDescription(String contextPath, String soapVersion, String catalogEndpoints, String securityMode) {

    public static final String FILE_NAME = "endpoint.properties";
    public static final String SAMPLES_FOLDER = "samples";

    /** A plain build, as the builder writes it. */
    public BuildDescription(String contextPath, String soapVersion, String catalogEndpoints) {
        this(contextPath, soapVersion, catalogEndpoints, null);
    }

    public boolean generic() {
        return catalogEndpoints == null;
    }

    /** Whether the server and the client apply a security mode (security/security.properties). */
    public boolean secured() {
        return securityMode != null && !securityMode.equals("plain");
    }

    public void write(Path buildDir, String port) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("contextPath", contextPath);
        properties.setProperty("soapVersion", soapVersion);
        properties.setProperty("port", port);
        if (catalogEndpoints != null) {
            properties.setProperty("catalogEndpoints", catalogEndpoints);
        }
        try (Writer writer = Files.newBufferedWriter(buildDir.resolve(FILE_NAME), StandardCharsets.UTF_8)) {
            properties.store(writer, "what the server at /ws and the native client are built from");
        }
    }

    public static BuildDescription read(Path buildDir) throws IOException {
        Path file = buildDir.resolve(FILE_NAME);
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        return new BuildDescription(
                required(properties, "contextPath", file),
                required(properties, "soapVersion", file),
                properties.getProperty("catalogEndpoints"),
                properties.getProperty("security"));
    }

    private static String required(Properties properties, String key, Path file) throws IOException {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IOException(file + " has no " + key + "; rebuild");
        }
        return value;
    }
}
