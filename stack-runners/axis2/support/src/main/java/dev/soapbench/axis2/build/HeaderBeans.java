package dev.soapbench.axis2.build;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * HeaderBeans finds the ADB bean WSDL2Java generated for each SOAP header element: the generated
 * class whose {@code MY_QNAME} is the element (ADB gives every global element a class with that
 * constant, and no other class has one). Classes are looked at in name order, so a build always
 * picks the same one; a class is initialised only when it declares {@code MY_QNAME}.
 */
final class HeaderBeans {
    private HeaderBeans() {}

    /** find maps each of {@code elements} that has a bean to its class name; elements without one are left out. */
    static Map<QName, String> find(ClassLoader loader, Collection<String> classNames, Set<QName> elements) {
        Map<QName, String> beans = new LinkedHashMap<>();
        for (String name : classNames.stream().sorted().toList()) {
            QName element = elementOf(loader, name);
            if (element != null && elements.contains(element)) {
                beans.putIfAbsent(element, name);
            }
        }
        Map<QName, String> ordered = new LinkedHashMap<>();
        for (QName element : elements) {
            if (beans.containsKey(element)) {
                ordered.put(element, beans.get(element));
            }
        }
        return ordered;
    }

    private static QName elementOf(ClassLoader loader, String className) {
        try {
            Class<?> type = Class.forName(className, false, loader);
            Field field = type.getDeclaredField("MY_QNAME");
            if (!Modifier.isStatic(field.getModifiers()) || field.getType() != QName.class) {
                return null;
            }
            field.setAccessible(true);
            return (QName) field.get(null);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null;
        }
    }
}
