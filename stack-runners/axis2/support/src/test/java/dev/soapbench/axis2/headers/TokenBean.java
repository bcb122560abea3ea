package dev.soapbench.axis2.headers;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axis2.databinding.ADBBean;
import org.apache.axis2.databinding.ADBDataSource;

/** TokenBean is a hand-written ADB element bean, {@code <t:token xmlns:t="urn:t"><t:user>..</t:user></t:token>}, as WSDL2Java writes them. */
public final class TokenBean implements ADBBean {
    public static final QName MY_QNAME = new QName("urn:t", "token");

    public String user;

    @Override
    public OMElement getOMElement(QName name, OMFactory factory) {
        return factory.createOMElement(new ADBDataSource(this, name));
    }

    @Override
    public void serialize(QName name, XMLStreamWriter writer) throws XMLStreamException {
        serialize(name, writer, false);
    }

    @Override
    public void serialize(QName name, XMLStreamWriter writer, boolean typed) throws XMLStreamException {
        writer.writeStartElement("t", name.getLocalPart(), name.getNamespaceURI());
        writer.writeNamespace("t", name.getNamespaceURI());
        writer.writeStartElement("t", "user", "urn:t");
        writer.writeCharacters(user);
        writer.writeEndElement();
        writer.writeEndElement();
    }

    public static final class Factory {
        /** parse reads the token element, refusing any other, and its user text. */
        public static TokenBean parse(XMLStreamReader reader) throws XMLStreamException {
            while (!reader.isStartElement()) {
                reader.next();
            }
            if (!MY_QNAME.equals(reader.getName())) {
                throw new IllegalArgumentException("unexpected element " + reader.getName());
            }
            TokenBean bean = new TokenBean();
            reader.nextTag();
            if (!reader.isStartElement() || !"user".equals(reader.getLocalName())) {
                throw new IllegalArgumentException("token without user");
            }
            bean.user = reader.getElementText();
            return bean;
        }
    }
}
