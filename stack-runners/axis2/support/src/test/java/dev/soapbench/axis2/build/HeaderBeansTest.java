package dev.soapbench.axis2.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.soapbench.axis2.headers.TokenBean;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class HeaderBeansTest {
    @Test
    void theClassWhoseMyQNameIsTheElementIsItsBean() {
        QName missing = new QName("urn:t", "missing");
        Map<QName, String> found = HeaderBeans.find(getClass().getClassLoader(),
                List.of("no.such.Class", String.class.getName(), TokenBean.class.getName()), Set.of(TokenBean.MY_QNAME, missing));
        assertEquals(Map.of(TokenBean.MY_QNAME, TokenBean.class.getName()), found);
    }
}
