package dev.soapbench.axis2.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeaderBeanIndexTest {
    @TempDir
    Path build;

    @Test
    void namespacesWithQNameAndPropertiesSyntaxComeBackUnchanged() throws Exception {
        Map<QName, String> beans = new LinkedHashMap<>();
        beans.put(new QName("urn:a}b=c:d#e\\f\nx", "token"), "a.Token");
        beans.put(new QName("", "bare"), "b.Bare");
        HeaderBeanIndex.write(build, beans);
        assertEquals(beans, HeaderBeanIndex.read(build));
    }

    @Test
    void aBuildWithoutTheFileHasNoHeaderBeans() throws Exception {
        assertEquals(Map.of(), HeaderBeanIndex.read(build));
    }
}
