package dev.soapbench.wsdl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WsdlBundlesTest {

    private static final byte[] WSDL =
            "<definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\"/>".getBytes(StandardCharsets.UTF_8);

    @Test
    void singleFileIsABundleOfOne() {
        WsdlBundle bundle = WsdlBundles.fromUpload("C:\\Users\\me\\echo.wsdl", WSDL, null);

        assertEquals("echo.wsdl", bundle.entry());
        assertEquals(1, bundle.files().size());
        assertArrayEquals(WSDL, bundle.files().get("echo.wsdl"));
    }

    @Test
    void zipKeepsRelativePathsAndFindsItsOnlyWsdl() {
        byte[] zip = TestBundles.zip(Map.of("api/service.wsdl", WSDL, "api/xsd/types.xsd", WSDL, "README.txt", WSDL));

        WsdlBundle bundle = WsdlBundles.fromUpload("api.zip", zip, null);

        assertEquals("api/service.wsdl", bundle.entry());
        assertEquals(3, bundle.files().size());
        assertTrue(bundle.files().containsKey("api/xsd/types.xsd"));
    }

    @Test
    void severalWsdlsNeedAnEntry() {
        byte[] zip = TestBundles.zip(Map.of("a.wsdl", WSDL, "b/b.wsdl", WSDL));

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> WsdlBundles.fromUpload("two.zip", zip, null));

        assertEquals(
                "the zip holds several .wsdl files (a.wsdl, b/b.wsdl): name the entry to start from",
                problem.getMessage());
        assertEquals(
                "b/b.wsdl", WsdlBundles.fromUpload("two.zip", zip, "b/b.wsdl").entry());
        WsdlProblem missing = assertThrows(WsdlProblem.class, () -> WsdlBundles.fromUpload("two.zip", zip, "c.wsdl"));
        assertTrue(missing.getMessage().contains("'c.wsdl' is not a file in the zip"), missing.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "../evil.wsdl",
                "a/../../evil.wsdl",
                "a/../b.wsdl",
                "/etc/evil.wsdl",
                "a\\..\\evil.wsdl",
                "C:/evil.wsdl"
            })
    void zipSlipEntriesAreRefused(String name) {
        byte[] zip = TestBundles.zip(Map.of(name, WSDL));

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> WsdlBundles.fromUpload("slip.zip", zip, null));

        assertTrue(problem.getMessage().startsWith("zip entry '" + name + "' refused"), problem.getMessage());
    }

    @Test
    void compressionBombIsRefused() {
        byte[] zeros = new byte[5 * 1024 * 1024];
        byte[] zip = TestBundles.zip(Map.of("service.wsdl", WSDL, "bomb.xsd", zeros));

        WsdlProblem problem = assertThrows(WsdlProblem.class, () -> WsdlBundles.fromUpload("bomb.zip", zip, null));

        assertTrue(problem.getMessage().contains("compression ratio"), problem.getMessage());
    }

    @Test
    void moreThanTenMebibytesUncompressedIsRefused() {
        Random random = new Random(42);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("service.wsdl", WSDL);
        for (int i = 0; i < 6; i++) {
            byte[] noise = new byte[2 * 1024 * 1024];
            random.nextBytes(noise);
            files.put("blob" + i + ".xsd", noise);
        }

        WsdlProblem problem =
                assertThrows(WsdlProblem.class, () -> WsdlBundles.fromUpload("big.zip", TestBundles.zip(files), null));

        assertTrue(problem.getMessage().contains("more than 10485760 bytes uncompressed"), problem.getMessage());
    }

    @Test
    void moreThanTwoHundredFilesIsRefused() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i <= 200; i++) {
            files.put("f" + i + ".wsdl", WSDL);
        }

        WsdlProblem problem = assertThrows(
                WsdlProblem.class, () -> WsdlBundles.fromUpload("many.zip", TestBundles.zip(files), "f0.wsdl"));

        assertEquals("the zip holds more than 200 files", problem.getMessage());
    }

    @Test
    void aWsdlIsJudgedByItsContentNotItsName() {
        WsdlBundle asmx = WsdlBundles.fromUpload("Service.asmx", WSDL, null);
        assertEquals("Service.asmx.wsdl", asmx.entry());
        assertArrayEquals(WSDL, asmx.files().get("Service.asmx.wsdl"));
        byte[] withBom = ("\uFEFF\n  " + new String(WSDL, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        assertEquals(
                "export.txt.wsdl",
                WsdlBundles.fromUpload("export.txt", withBom, null).entry());

        byte[] zip = TestBundles.zip(
                Map.of("Service.asmx", WSDL, "types.xsd", "<schema/>".getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                "Service.asmx", WsdlBundles.fromUpload("api.zip", zip, null).entry());

        byte[] noWsdl = TestBundles.zip(Map.of("types.xsd", "<schema/>".getBytes(StandardCharsets.UTF_8)));
        WsdlProblem none = assertThrows(WsdlProblem.class, () -> WsdlBundles.fromUpload("api.zip", noWsdl, null));
        assertTrue(none.getMessage().contains("no WSDL 1.1 document"), none.getMessage());
    }

    @Test
    void otherUploadsAreRefused() {
        assertThrows(
                WsdlProblem.class,
                () -> WsdlBundles.fromUpload("service.json", "{}".getBytes(StandardCharsets.UTF_8), null));
        assertThrows(WsdlProblem.class, () -> WsdlBundles.fromUpload("service.exe", new byte[] {'M', 'Z', 0, 1}, null));
        assertThrows(WsdlProblem.class, () -> WsdlBundles.fromUpload("empty.wsdl", new byte[0], null));
        WsdlProblem notZip = assertThrows(
                WsdlProblem.class,
                () -> WsdlBundles.fromUpload(
                        "broken.zip", "PK\u0003\u0004garbage".getBytes(StandardCharsets.ISO_8859_1), null));
        assertTrue(
                notZip.getMessage().startsWith("the upload is not a readable zip")
                        || notZip.getMessage().equals("the zip holds no files"),
                notZip.getMessage());
    }
}
