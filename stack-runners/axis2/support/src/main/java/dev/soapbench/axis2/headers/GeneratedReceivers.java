package dev.soapbench.axis2.headers;

import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisService;

/** GeneratedReceivers instantiates the message receiver WSDL2Java generated, named by a service parameter. */
final class GeneratedReceivers {
    private GeneratedReceivers() {}

    static <T> T create(MessageContext request, String parameter, Class<T> type) throws AxisFault {
        AxisService service = request.getAxisService();
        Object name = service.getParameterValue(parameter);
        if (!(name instanceof String className)) {
            throw new AxisFault("services.xml names no generated message receiver (parameter " + parameter + ")");
        }
        try {
            ClassLoader loader = service.getClassLoader() != null ? service.getClassLoader() : GeneratedReceivers.class.getClassLoader();
            return type.cast(Class.forName(className.trim(), true, loader).getConstructor().newInstance());
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new AxisFault("cannot create the generated message receiver " + className + ": " + e, e);
        }
    }
}
