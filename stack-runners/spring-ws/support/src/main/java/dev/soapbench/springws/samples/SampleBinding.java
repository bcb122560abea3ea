package dev.soapbench.springws.samples;

import dev.soapbench.jvmsupport.samples.SampleException;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;

/**
 * SampleBinding binds sample elements into the types XJC generated, strictly: an element or
 * attribute the types cannot hold is an error, where JAXB would drop it silently and the server
 * would answer with less than its sample.
 */
public final class SampleBinding {
    private final JAXBContext context;

    public SampleBinding(JAXBContext context) {
        this.context = context;
    }

    /** context is the JAXB context of the generated packages, loaded by {@code loader}. */
    public static JAXBContext context(String contextPath, ClassLoader loader) throws SampleException {
        try {
            return JAXBContext.newInstance(contextPath, loader);
        } catch (JAXBException e) {
            throw new SampleException("JAXB cannot bind the generated classes: " + message(e));
        }
    }

    /** bind gives the generated object of an element: an {@code @XmlRootElement} class or a JAXBElement. */
    public Object bind(Element element, String where) throws SampleException {
        List<String> problems = new ArrayList<>();
        try {
            Unmarshaller unmarshaller = context.createUnmarshaller();
            unmarshaller.setEventHandler(event -> {
                problems.add(event.getMessage());
                return false;
            });
            return unmarshaller.unmarshal(element);
        } catch (JAXBException e) {
            String reason = problems.isEmpty() ? message(e) : problems.get(0);
            throw new SampleException(where + ": element {" + SampleEnvelope.name(element).getNamespaceURI() + "}"
                    + element.getLocalName() + " does not bind to the generated types: " + reason);
        }
    }

    public List<Object> bindAll(List<org.w3c.dom.Element> elements, String where) throws SampleException {
        List<Object> bound = new ArrayList<>();
        for (Element element : elements) {
            bound.add(bind(element, where));
        }
        return bound;
    }

    private static String message(JAXBException e) {
        Throwable cause = e.getLinkedException() != null ? e.getLinkedException() : e.getCause();
        String text = e.getMessage() != null ? e.getMessage() : cause != null ? cause.getMessage() : e.toString();
        return String.valueOf(text).replaceAll("\\s+", " ").trim();
    }
}
