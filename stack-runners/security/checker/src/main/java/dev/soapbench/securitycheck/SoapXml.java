package dev.soapbench.securitycheck;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/** SOAP envelopes as DOM: hardened parsing (the peer is hostile), the parts the checks need, output. */
final class SoapXml {
    static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    static final String WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
    static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";

    private SoapXml() {
    }

    /** Parses with no DTD, no external entity or schema, and XInclude off. */
    static Document parse(byte[] xml) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            return b.parse(new ByteArrayInputStream(xml));
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("not well-formed XML: " + e.getMessage(), e);
        }
    }

    static byte[] serialize(Document doc) {
        try {
            TransformerFactory tf = TransformerFactory.newInstance();
            tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
            Transformer t = tf.newTransformer();
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            t.transform(new DOMSource(doc), new StreamResult(out));
            return out.toByteArray();
        } catch (TransformerException e) {
            throw new IllegalStateException("serializing a DOM failed", e);
        }
    }

    /** The envelope's SOAP namespace, or null when the root is no SOAP envelope. */
    static String soapNamespace(Document doc) {
        Element root = doc.getDocumentElement();
        String ns = root.getNamespaceURI();
        if ("Envelope".equals(root.getLocalName()) && (SOAP11.equals(ns) || SOAP12.equals(ns))) {
            return ns;
        }
        return null;
    }

    static Element child(Element parent, String ns, String local) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && local.equals(e.getLocalName()) && ns.equals(e.getNamespaceURI())) {
                return e;
            }
        }
        return null;
    }

    static Element body(Document doc) {
        String ns = soapNamespace(doc);
        return ns == null ? null : child(doc.getDocumentElement(), ns, "Body");
    }

    /** The Fault element directly inside the Body, or null. */
    static Element fault(Document doc) {
        Element body = body(doc);
        return body == null ? null : child(body, soapNamespace(doc), "Fault");
    }

    /**
     * Removes every wsse:Security header block (and the Header when nothing else is in it) and the
     * wsu:Id the signature put on the Body, so the answer reads as the unsecured service's would.
     */
    static void stripSecurity(Document doc) {
        String ns = soapNamespace(doc);
        Element header = child(doc.getDocumentElement(), ns, "Header");
        if (header != null) {
            Element sec;
            while ((sec = child(header, WSSE, "Security")) != null) {
                header.removeChild(sec);
            }
            boolean empty = true;
            for (Node n = header.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n.getNodeType() == Node.ELEMENT_NODE
                        || (n.getNodeType() == Node.TEXT_NODE && !n.getNodeValue().isBlank())) {
                    empty = false;
                }
            }
            if (empty) {
                doc.getDocumentElement().removeChild(header);
            }
        }
        Element body = body(doc);
        if (body != null) {
            body.removeAttributeNS(WSU, "Id");
        }
    }

    /**
     * What a peer answered, for a diagnostic: a SOAP Fault's code and reason when the answer is one
     * (a raw excerpt cuts the reason off behind the envelope's namespaces), else an excerpt.
     */
    static String describeAnswer(byte[] data, int max) {
        try {
            Document doc = parse(data);
            Element fault = fault(doc);
            if (fault != null) {
                return "SOAP Fault " + oneLine(faultCode(doc, fault), max) + ": " + oneLine(faultReason(doc, fault), max);
            }
        } catch (IOException notXml) {
            // falls through to the excerpt: an answer that is no XML is shown as it came
        }
        return excerpt(data, max);
    }

    /** SOAP 1.1's faultcode, or SOAP 1.2's Code/Value (its first, the class of the fault). */
    private static String faultCode(Document doc, Element fault) {
        if (SOAP11.equals(soapNamespace(doc))) {
            return text(unqualifiedChild(fault, "faultcode"));
        }
        Element code = child(fault, SOAP12, "Code");
        return text(code == null ? null : child(code, SOAP12, "Value"));
    }

    /** SOAP 1.1's faultstring, or SOAP 1.2's first Reason/Text. */
    private static String faultReason(Document doc, Element fault) {
        if (SOAP11.equals(soapNamespace(doc))) {
            return text(unqualifiedChild(fault, "faultstring"));
        }
        Element reason = child(fault, SOAP12, "Reason");
        return text(reason == null ? null : child(reason, SOAP12, "Text"));
    }

    private static Element unqualifiedChild(Element parent, String local) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && local.equals(e.getLocalName())
                    && (e.getNamespaceURI() == null || e.getNamespaceURI().isEmpty())) {
                return e;
            }
        }
        return null;
    }

    private static String text(Element e) {
        return e == null ? "(none given)" : e.getTextContent();
    }

    private static String oneLine(String s, int max) {
        s = s.strip().replaceAll("\\s+", " ");
        return s.length() > max ? s.substring(0, max) + "..." : s;
    }

    /** At most max characters of what a peer sent, on one line, for a diagnostic. */
    static String excerpt(byte[] data, int max) {
        return oneLine(new String(data, 0, Math.min(data.length, max * 4), StandardCharsets.UTF_8), max);
    }
}
