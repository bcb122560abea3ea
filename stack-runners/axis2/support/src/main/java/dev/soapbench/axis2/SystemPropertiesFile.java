package dev.soapbench.axis2;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * SystemPropertiesFile is {@code system.properties} of a build folder: the JVM system properties a
 * catalog service asks for (copied from {@code services/ID/system.properties}), set by the server
 * and the native client before Axis2 or ADB reads them, as {@code -D} flags would be.
 */
public final class SystemPropertiesFile {
    /** The file's name, in a catalog service's folder and in a build folder. */
    public static final String NAME = "system.properties";

    private SystemPropertiesFile() {}

    /** Sets every property of {@code BUILD/system.properties}, if the build has one. */
    public static void apply(Path build) throws IOException {
        Path file = build.resolve(NAME);
        if (Files.isRegularFile(file)) {
            read(file).forEach((name, value) -> System.setProperty((String) name, (String) value));
        }
    }

    /** Reads a properties file (UTF-8). */
    public static Properties read(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        return properties;
    }
}
