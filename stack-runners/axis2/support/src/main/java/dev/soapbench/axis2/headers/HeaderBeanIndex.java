package dev.soapbench.axis2.headers;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import javax.xml.namespace.QName;

/**
 * HeaderBeanIndex is the build's {@code header-beans.properties}: for every SOAP header block the
 * samples carry, the ADB bean class WSDL2Java generated for its element. The build finds the
 * classes (it has the generator's output at hand); the server reads the file at start-up. Each
 * block is three keys ({@code N.namespace}, {@code N.name}, {@code N.class}), so a namespace holding
 * {@code }} or {@code =} never has to be parsed back out of a QName string.
 */
public final class HeaderBeanIndex {
    public static final String FILE = "header-beans.properties";

    private HeaderBeanIndex() {}

    public static void write(Path build, Map<QName, String> beans) throws IOException {
        Properties properties = new Properties();
        int n = 0;
        for (Map.Entry<QName, String> bean : beans.entrySet()) {
            properties.setProperty(n + ".namespace", bean.getKey().getNamespaceURI());
            properties.setProperty(n + ".name", bean.getKey().getLocalPart());
            properties.setProperty(n + ".class", bean.getValue());
            n++;
        }
        try (Writer writer = Files.newBufferedWriter(build.resolve(FILE), StandardCharsets.UTF_8)) {
            properties.store(writer, "the ADB bean class of each SOAP header block of the samples");
        }
    }

    /** read answers the header elements and their bean class names; none when the build has no file. */
    public static Map<QName, String> read(Path build) throws IOException {
        Map<QName, String> beans = new LinkedHashMap<>();
        Path file = build.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return beans;
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        for (int n = 0; properties.getProperty(n + ".class") != null; n++) {
            beans.put(new QName(properties.getProperty(n + ".namespace", ""), properties.getProperty(n + ".name", "")),
                    properties.getProperty(n + ".class"));
        }
        return beans;
    }
}
