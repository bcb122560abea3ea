package dev.soapbench.metro.build;

import dev.soapbench.jaxws.samples.SampleResponses;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.xml.namespace.QName;

/**
 * GenericEndpointSource writes the Java source of the generic implementation: a class that
 * implements the generated service interface, each method handing its operation name and
 * arguments to {@code SampleResponder}, which answers with the response bound at start-up.
 * Metro publishes a concrete annotated class, not a dynamic proxy, so the class is generated.
 */
final class GenericEndpointSource {
    static final String CLASS_NAME = "dev.soapbench.generated.SampleEndpoint";

    private GenericEndpointSource() {}

    static String of(Class<?> serviceInterface, QName service, QName port) {
        StringBuilder source = new StringBuilder();
        source.append("package dev.soapbench.generated;\n\n")
            .append("@jakarta.jws.WebService(endpointInterface = ").append(literal(serviceInterface.getName()))
            .append(", serviceName = ").append(literal(service.getLocalPart()))
            .append(", portName = ").append(literal(port.getLocalPart()))
            .append(", targetNamespace = ").append(literal(service.getNamespaceURI())).append(")\n")
            .append("public class SampleEndpoint implements ").append(serviceInterface.getCanonicalName()).append(" {\n");
        Map<String, Method> operations = SampleResponses.operations(serviceInterface);
        operations.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.naturalOrder()))
                .forEach(e -> method(source, e.getKey(), e.getValue()));
        return source.append("}\n").toString();
    }

    private static void method(StringBuilder source, String operation, Method method) {
        Type[] parameters = method.getGenericParameterTypes();
        String declared = IntStream.range(0, parameters.length)
                .mapToObj(i -> typeName(parameters[i]) + " a" + i).collect(Collectors.joining(", "));
        String arguments = IntStream.range(0, parameters.length)
                .mapToObj(i -> "a" + i).collect(Collectors.joining(", "));
        String call = "dev.soapbench.metro.samples.SampleResponder.answer(" + literal(operation)
                + ", new Object[] {" + arguments + "})";
        source.append("    @Override\n    public ").append(typeName(method.getGenericReturnType())).append(' ')
            .append(method.getName()).append('(').append(declared).append(") {\n");
        if (method.getReturnType() == void.class) {
            source.append("        ").append(call).append(";\n");
        } else {
            source.append("        return (").append(typeName(boxed(method.getReturnType(), method.getGenericReturnType())))
                .append(") ").append(call).append(";\n");
        }
        source.append("    }\n");
    }

    private static Type boxed(Class<?> raw, Type generic) {
        if (!raw.isPrimitive()) {
            return generic;
        }
        return Arrays.stream(new Class<?>[] {Boolean.class, Byte.class, Short.class, Integer.class, Long.class,
                        Float.class, Double.class, Character.class})
                .filter(b -> b.getSimpleName().toLowerCase().startsWith(raw.getName().substring(0, 3)))
                .findFirst().orElseThrow();
    }

    private static String typeName(Type type) {
        if (type instanceof Class<?> c) {
            return c.getCanonicalName();
        }
        if (type instanceof ParameterizedType p) {
            return typeName(p.getRawType()) + Arrays.stream(p.getActualTypeArguments())
                    .map(GenericEndpointSource::typeName).collect(Collectors.joining(", ", "<", ">"));
        }
        if (type instanceof GenericArrayType a) {
            return typeName(a.getGenericComponentType()) + "[]";
        }
        return type.getTypeName();
    }

    /**
     * A Java string literal that holds text whatever it contains. Control characters are octal
     * escapes, not Unicode ones: javac turns a Unicode escape of a line feed into a line break
     * before it reads the literal, which ends the literal with a compile error.
     */
    static String literal(String text) {
        StringBuilder literal = new StringBuilder(text.length() + 2).append('"');
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                literal.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f) {
                literal.append(String.format("\\%03o", (int) c));
            } else if (c > 0x7f) {
                literal.append(String.format("\\u%04x", (int) c));
            } else {
                literal.append(c);
            }
        }
        return literal.append('"').toString();
    }
}
