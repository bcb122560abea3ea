package dev.soapbench.jvmhost;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.catalina.connector.Connector;

/** HostSettings is the servlet-container configuration read from {@code jvm-host.properties}. */
public final class HostSettings {
    private static final String CONNECTOR_PREFIX = "connector.";
    private static final String PROTOCOL_KEY = CONNECTOR_PREFIX + "protocol";

    private final String protocol;
    private final String address;
    private final Map<String, String> connectorProperties;

    private HostSettings(String protocol, String address, Map<String, String> connectorProperties) {
        this.protocol = protocol;
        this.address = address;
        this.connectorProperties = Collections.unmodifiableMap(connectorProperties);
    }

    /** load reads a settings file; every setting it needs must be present. */
    public static HostSettings load(Path file) throws IOException {
        return load(file, Map.of());
    }

    /**
     * load reads a settings file and then a stack variant's overrides. An override may only change a
     * {@code connector.*} setting the file already holds, so a variant changes what is recorded and
     * cannot add a setting nobody reviewed or move the address off the loopback.
     */
    public static HostSettings load(Path file, Map<String, String> overrides) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        for (Map.Entry<String, String> override : overrides.entrySet()) {
            String key = override.getKey();
            if (!key.startsWith(CONNECTOR_PREFIX) || !properties.containsKey(key)) {
                throw new IllegalArgumentException(
                        "--set " + key + ": only a connector.* setting of " + file.getFileName() + " may be changed");
            }
            properties.setProperty(key, override.getValue());
        }
        String protocol = required(properties, PROTOCOL_KEY, file);
        String address = required(properties, "host.address", file);
        Map<String, String> connector = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith(CONNECTOR_PREFIX) && !key.equals(PROTOCOL_KEY)) {
                connector.put(key.substring(CONNECTOR_PREFIX.length()), properties.getProperty(key).trim());
            }
        }
        return new HostSettings(protocol, address, connector);
    }

    private static String required(Properties properties, String key, Path file) {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(file + ": missing setting " + key);
        }
        return value.trim();
    }

    public String protocol() {
        return protocol;
    }

    public String address() {
        return address;
    }

    /** connectorProperties are the Tomcat connector attributes by name, e.g. maxThreads. */
    public Map<String, String> connectorProperties() {
        return connectorProperties;
    }

    /** newConnector builds the connector with every setting applied, listening on address:port. */
    public Connector newConnector(int port) {
        Connector connector = new Connector(protocol);
        connector.setPort(port);
        connector.setProperty("address", address);
        for (Map.Entry<String, String> setting : connectorProperties.entrySet()) {
            if (!connector.setProperty(setting.getKey(), setting.getValue())) {
                throw new IllegalArgumentException(
                        "connector setting " + setting.getKey() + " is not a property of " + protocol);
            }
        }
        return connector;
    }
}
