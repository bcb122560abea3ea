package dev.soapbench.jaxws.samples;

import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.xml.bind.annotation.XmlList;
import jakarta.xml.ws.Holder;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import org.w3c.dom.Element;

/**
 * MethodPart is one message part a generated method exchanges: a parameter ({@code slot} 0 and
 * up) or the return value ({@code slot} -1), with what its JAX-WS annotations say about it.
 * {@code type} is the value's type (a holder's content), {@code name} the element's name as the
 * annotation gives it and {@code xmlList} whether the value is an {@code xs:list} written as one
 * whitespace-separated text.
 */
record MethodPart(int slot, Type type, WebParam.Mode mode, boolean holder, boolean headerFlag, QName name,
        String partName, boolean xmlList) {

    static List<MethodPart> of(Method method) {
        List<MethodPart> parts = new ArrayList<>();
        if (method.getReturnType() != void.class) {
            WebResult result = method.getAnnotation(WebResult.class);
            QName name = result == null ? new QName("", "return") : new QName(result.targetNamespace(), result.name());
            String partName = result == null || result.partName().isEmpty() ? name.getLocalPart() : result.partName();
            parts.add(new MethodPart(-1, method.getGenericReturnType(), WebParam.Mode.OUT, false,
                    result != null && result.header(), name, partName, method.isAnnotationPresent(XmlList.class)));
        }
        Parameter[] parameters = method.getParameters();
        Type[] types = method.getGenericParameterTypes();
        for (int i = 0; i < parameters.length; i++) {
            WebParam param = parameters[i].getAnnotation(WebParam.class);
            boolean holder = types[i] instanceof ParameterizedType p && p.getRawType() == Holder.class;
            Type type = holder ? ((ParameterizedType) types[i]).getActualTypeArguments()[0] : types[i];
            QName name = param == null ? new QName("", "arg" + i) : new QName(param.targetNamespace(), param.name());
            String partName = param == null || param.partName().isEmpty() ? name.getLocalPart() : param.partName();
            parts.add(new MethodPart(i, type, param == null ? WebParam.Mode.IN : param.mode(), holder,
                    param != null && param.header(), name, partName, parameters[i].isAnnotationPresent(XmlList.class)));
        }
        return parts;
    }

    /** input says whether the request carries the part. */
    boolean input() {
        return slot >= 0 && mode != WebParam.Mode.OUT;
    }

    /** output says whether the response carries the part: the return value or an out holder. */
    boolean output() {
        return slot < 0 || (holder && mode != WebParam.Mode.IN);
    }

    /**
     * isHeader says whether the part travels in the SOAP Header: as the generated annotation
     * says, which is what the runtime writes and reads. (A generator that modelled the port
     * type from another, non-SOAP binding leaves the flag off a header part; the header blocks
     * of the samples then find no header part and the build refuses the operation.)
     */
    boolean isHeader() {
        return headerFlag;
    }

    /** bodyPart is the part's element among {@code bodyParts}: by part name in rpc, by element name in document style. */
    Element bodyPart(boolean rpc, List<Element> bodyParts) {
        for (Element element : bodyParts) {
            boolean named = rpc ? partName.equals(element.getLocalName())
                    : name.getLocalPart().equals(element.getLocalName()) && name.getNamespaceURI().equals(namespace(element));
            if (named) {
                return element;
            }
        }
        return null;
    }

    /** headerBlock is the part's block among {@code headerBlocks}, by element name. */
    Element headerBlock(List<Element> headerBlocks) {
        for (Element element : headerBlocks) {
            if (name.getLocalPart().equals(element.getLocalName()) && name.getNamespaceURI().equals(namespace(element))) {
                return element;
            }
        }
        return null;
    }

    /** describe names the part for a message: {@code part out (return value)}. */
    String describe() {
        return "part " + partName + (slot < 0 ? " (return value)" : "");
    }

    static String namespace(Element element) {
        return element.getNamespaceURI() == null ? "" : element.getNamespaceURI();
    }
}
