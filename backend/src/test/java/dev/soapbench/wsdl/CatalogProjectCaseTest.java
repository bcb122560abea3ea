package dev.soapbench.wsdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * testdata/uploads/xml-catalog is a bundle as a JAX-WS project zips it (imports by published URL,
 * META-INF/jax-ws-catalog.xml); testdata/wsdl/xml-catalog is what the stacks must receive from it,
 * which the stack contract tests build on every stack. This holds the two together: the backend
 * turns the one into exactly the other. After a deliberate change, run with
 * {@code -Dsoapbench.update-golden=true} to rewrite testdata/wsdl/xml-catalog's WSDL and XSD files.
 */
class CatalogProjectCaseTest {

    private static final Path UPLOAD = Path.of("../testdata/uploads/xml-catalog");
    private static final Path CASE = Path.of("../testdata/wsdl/xml-catalog");

    @Test
    void theUploadBecomesTheCaseTheStacksBuild() throws IOException {
        WsdlBundle bundle = WsdlBundles.fromUpload("orders.zip", TestBundles.zip(files(UPLOAD)), "orders.wsdl");

        if (Boolean.getBoolean("soapbench.update-golden")) {
            for (Map.Entry<String, byte[]> file : bundle.files().entrySet()) {
                Files.createDirectories(CASE.resolve(file.getKey()).getParent());
                Files.write(CASE.resolve(file.getKey()), file.getValue());
            }
        }
        Map<String, String> expected = text(files(CASE));
        assertThat(text(bundle.files())).isEqualTo(expected);
        assertThat(bundle.catalogs().catalogs()).containsExactly("META-INF/jax-ws-catalog.xml");
        assertThat(bundle.catalogs().rewrites())
                .extracting(CatalogRewrite::toString)
                .containsExactlyInAnyOrder(
                        "orders.wsdl:9 http://example.com/orders/orders-interface.wsdl → wsdl/orders-interface.wsdl"
                                + " via META-INF/jax-ws-catalog.xml:5",
                        "wsdl/orders-interface.wsdl:11 http://example.com/schemas/order.xsd → schemas/order.xsd"
                                + " via META-INF/jax-ws-catalog.xml:7",
                        "schemas/order.xsd:7 http://example.com/schemas/common/money.xsd → schemas/common/money.xsd"
                                + " via META-INF/jax-ws-catalog.xml:7");

        WsdlAnalysis analysis = new WsdlAnalyzer().analyze(bundle);
        assertThat(analysis.catalog()).isEqualTo(bundle.catalogs().rewrites());
        assertThat(analysis.operations()).extracting(OperationInfo::name).containsExactly("getOrder");
    }

    /** The case's WSDL and XSD files, as the contract test copies them to a runner. */
    private static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path file : paths.filter(Files::isRegularFile).toList()) {
                String relative = root.relativize(file).toString().replace('\\', '/');
                if (root.equals(UPLOAD) || relative.endsWith(".wsdl") || relative.endsWith(".xsd")) {
                    files.put(relative, Files.readAllBytes(file));
                }
            }
        }
        return files;
    }

    private static Map<String, String> text(Map<String, byte[]> files) {
        Map<String, String> text = new TreeMap<>();
        files.forEach((path, content) -> text.put(path, new String(content, StandardCharsets.UTF_8)));
        return text;
    }
}
