package dev.soapbench.wsdl;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Test WSDLs from src/test/resources/wsdl, as uploads and bundles. */
final class TestBundles {

    private TestBundles() {}

    static Path resource(String relative) {
        URL url = TestBundles.class.getResource("/wsdl/" + relative);
        if (url == null) {
            throw new IllegalArgumentException("no test resource wsdl/" + relative);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A single-file upload of wsdl/{relative}. */
    static WsdlBundle single(String relative) {
        Path file = resource(relative);
        return WsdlBundles.fromUpload(file.getFileName().toString(), read(file), null);
    }

    /** The files of a resource folder, keyed by path relative to it. */
    static Map<String, byte[]> folder(String relative) {
        Path root = resource(relative);
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root)) {
            paths.filter(Files::isRegularFile)
                    .forEach(p -> files.put(root.relativize(p).toString().replace('\\', '/'), read(p)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    static byte[] zip(Map<String, byte[]> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(entry.getKey()));
                zip.write(entry.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
