package dev.soapbench.wsdl;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * The WS-Policy a WSDL bundle carries: every {@code wsp:Policy} and {@code wsp:PolicyReference},
 * where it is and what it asserts. A policy is a contract the stacks enforce differently: CXF and
 * Metro require what a security policy asks, Axis2 ignores it, gSOAP's generator pulls in its
 * WS-Security plug-in. SOAPBench's requests carry no policy, so a WSDL that requires one is not
 * measured as it stands: the user either has the policy removed (workload {@code policy: remove},
 * {@link #strip}) or the stacks are refused with the policy named. No stack ignores it silently.
 */
public final class WsdlPolicies {

    static final String POLICY_15 = "http://www.w3.org/ns/ws-policy";
    static final String POLICY_12 = "http://schemas.xmlsoap.org/ws/2004/09/policy";
    private static final Set<String> POLICY_NAMESPACES = Set.of(POLICY_15, POLICY_12);

    // Short names of the assertion vocabularies users meet, for the analysis' words.
    private static final Map<String, String> PREFIXES = Map.ofEntries(
            Map.entry("http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702", "sp"),
            Map.entry("http://schemas.xmlsoap.org/ws/2005/07/securitypolicy", "sp"),
            Map.entry("http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200512", "sp"),
            Map.entry("http://www.w3.org/2007/05/addressing/metadata", "wsam"),
            Map.entry("http://www.w3.org/2006/05/addressing/wsdl", "wsaw"),
            Map.entry("http://schemas.xmlsoap.org/ws/2004/09/policy/optimizedmimeserialization", "wsoma"),
            Map.entry("http://docs.oasis-open.org/ws-rx/wsrmp/200702", "wsrmp"),
            Map.entry("http://schemas.xmlsoap.org/ws/2005/02/rm/policy", "wsrmp"));

    private static final String SECURITY_PREFIX = "sp";

    /**
     * One policy or policy reference.
     *
     * @param attachedTo where it applies, e.g. {@code binding EchoBinding}, {@code operation echo of
     *     binding EchoBinding}, or {@code definitions} for a policy that is only declared there
     * @param assertions the assertions it requires, e.g. {@code sp:SymmetricBinding}; optional ones
     *     ({@code wsp:Optional="true"}) are left out
     * @param security whether any required assertion is a WS-SecurityPolicy one
     */
    public record Policy(
            String file, Integer line, String id, String attachedTo, List<String> assertions, boolean security) {

        /** {@code service.wsdl:42}. */
        public String where() {
            return line == null ? file : file + ":" + line;
        }
    }

    private WsdlPolicies() {}

    private static boolean isPolicy(String namespace) {
        return namespace != null && POLICY_NAMESPACES.contains(namespace);
    }

    /**
     * Every policy and policy reference in the bundle's WSDL and schema files, in file order. A
     * reference to a policy of the bundle ({@code URI="#id"}) carries that policy's assertions.
     */
    public static List<Policy> of(WsdlBundle bundle) {
        List<Policy> found = new ArrayList<>();
        bundle.files().forEach((name, content) -> {
            Document document = parseOrNull(name, content);
            if (document != null && document.getDocumentElement() != null) {
                collect(name, document.getDocumentElement(), found);
            }
        });
        Map<String, Policy> byId = new LinkedHashMap<>();
        found.stream()
                .filter(policy -> !policy.id().isEmpty())
                .forEach(policy -> byId.putIfAbsent("#" + policy.id(), policy));
        return found.stream()
                .map(policy -> policy.assertions().isEmpty() && byId.containsKey(policy.id())
                        ? new Policy(
                                policy.file(),
                                policy.line(),
                                policy.id(),
                                policy.attachedTo(),
                                byId.get(policy.id()).assertions(),
                                byId.get(policy.id()).security())
                        : policy)
                .toList();
    }

    /**
     * Why no stack can be measured on this WSDL as it stands, or null when no policy attached to a
     * binding, operation, message, port or service requires anything (a policy only declared at the
     * top applies where it is referenced).
     */
    public static String whyNotMeasured(List<Policy> policies) {
        List<Policy> required = policies.stream()
                .filter(policy -> !policy.assertions().isEmpty() && !"definitions".equals(policy.attachedTo()))
                .toList();
        if (required.isEmpty()) {
            return null;
        }
        Policy first = required.get(0);
        return "the WSDL requires a WS-Policy (" + String.join(", ", first.assertions()) + " on " + first.attachedTo()
                + " at " + first.where()
                + (required.size() > 1 ? " and " + (required.size() - 1) + " more" : "")
                + ") that SOAPBench's requests do not satisfy; some stacks would enforce it and others ignore it."
                + " Set the workload's policy to remove to measure the service without it";
    }

    /**
     * The bundle with every policy, policy reference and {@code PolicyURIs} attribute removed; files
     * without any are kept byte for byte.
     */
    public static WsdlBundle strip(WsdlBundle bundle) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        bundle.files().forEach((name, content) -> {
            Document document = parseOrNull(name, content);
            if (document == null || document.getDocumentElement() == null || !strip(document.getDocumentElement())) {
                files.put(name, content);
            } else {
                files.put(name, serialise(document));
            }
        });
        return new WsdlBundle(bundle.entry(), files);
    }

    private static Document parseOrNull(String name, byte[] content) {
        try {
            return SecureXml.parse(name, content);
        } catch (WsdlProblem notXml) {
            return null; // the analysis reports what does not parse
        }
    }

    private static void collect(String file, Element element, List<Policy> found) {
        if (isPolicy(element.getNamespaceURI())
                && ("Policy".equals(element.getLocalName()) || "PolicyReference".equals(element.getLocalName()))) {
            Set<String> assertions = new LinkedHashSet<>();
            assertionsOf(element, assertions);
            String id = element.hasAttribute("URI")
                    ? element.getAttribute("URI")
                    : firstNonEmpty(
                            element.getAttributeNS(
                                    "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd",
                                    "Id"),
                            element.getAttribute("Name"),
                            element.getAttribute("wsu:Id"));
            boolean security = assertions.stream().anyMatch(name -> name.startsWith(SECURITY_PREFIX + ":"));
            found.add(new Policy(
                    file,
                    SecureXml.line(element),
                    bounded(id),
                    attachedTo(element),
                    List.copyOf(assertions),
                    security));
            return; // nested policies belong to this one
        }
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element nested) {
                collect(file, nested, found);
            }
        }
    }

    /** The required assertions under a policy, nested operators and nested policies included. */
    private static void assertionsOf(Element element, Set<String> assertions) {
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (!(child instanceof Element assertion)) {
                continue;
            }
            if (isPolicy(assertion.getNamespaceURI())) {
                assertionsOf(assertion, assertions); // All, ExactlyOne, Policy
            } else if (!isOptional(assertion)) {
                assertions.add(shortName(assertion));
            }
        }
    }

    private static boolean isOptional(Element assertion) {
        for (String namespace : POLICY_NAMESPACES) {
            if ("true".equals(assertion.getAttributeNS(namespace, "Optional").strip())) {
                return true;
            }
        }
        return false;
    }

    private static String shortName(Element element) {
        String prefix = element.getNamespaceURI() == null ? null : PREFIXES.get(element.getNamespaceURI());
        String local = element.getLocalName() == null ? element.getNodeName() : element.getLocalName();
        return bounded(prefix == null ? "{" + element.getNamespaceURI() + "}" + local : prefix + ":" + local);
    }

    private static String attachedTo(Element policy) {
        List<String> path = new ArrayList<>();
        for (Node node = policy.getParentNode(); node instanceof Element parent; node = parent.getParentNode()) {
            if (!Namespaces.WSDL.equals(parent.getNamespaceURI())) {
                continue;
            }
            String local = parent.getLocalName();
            if ("definitions".equals(local)) {
                break;
            }
            path.add(parent.hasAttribute("name") ? local + " " + parent.getAttribute("name") : local);
        }
        return path.isEmpty() ? "definitions" : bounded(String.join(" of ", path));
    }

    private static boolean strip(Element element) {
        boolean changed = false;
        NamedNodeMap attributes = element.getAttributes();
        for (int i = attributes.getLength() - 1; i >= 0; i--) {
            Attr attribute = (Attr) attributes.item(i);
            if (isPolicy(attribute.getNamespaceURI()) && ("PolicyURIs".equals(attribute.getLocalName()))) {
                element.removeAttributeNode(attribute);
                changed = true;
            }
        }
        Node child = element.getFirstChild();
        while (child != null) {
            Node next = child.getNextSibling();
            if (child instanceof Element nested) {
                if (isPolicy(nested.getNamespaceURI())
                        && Set.of("Policy", "PolicyReference", "UsingPolicy")
                                .contains(String.valueOf(nested.getLocalName()))) {
                    element.removeChild(nested);
                    changed = true;
                } else {
                    changed |= strip(nested);
                }
            }
            child = next;
        }
        return changed;
    }

    private static byte[] serialise(Document document) {
        try {
            TransformerFactory factory = TransformerFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
            Transformer transformer = factory.newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            transformer.transform(new DOMSource(document), new StreamResult(out));
            return out.toByteArray();
        } catch (TransformerException e) {
            throw new IllegalStateException("a parsed WSDL could not be written back", e);
        }
    }

    /**
     * A name from the upload as the analysis shows it: control characters replaced and cut at 200
     * characters (JSON escapes the rest; nothing here reaches generated source or a command line).
     */
    private static String bounded(String value) {
        String clean = value.codePoints()
                .map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString();
        return clean.length() > 200 ? clean.substring(0, 200) + "…" : clean;
    }

    private static String firstNonEmpty(String... values) {
        for (String value : values) {
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return "";
    }
}
