package dev.soapbench.jaxws.samples;

import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * ListParts handles the Java side of an {@code xs:list} part, which the generators declare as an
 * array ({@code @XmlList String[]}) or a {@code List} ({@code @XmlList List<String>}): its item
 * type, its items as the text gives them, and the value built from the bound items.
 */
final class ListParts {
    private static final Map<Class<?>, Class<?>> BOXES = Map.of(
            boolean.class, Boolean.class, byte.class, Byte.class, short.class, Short.class, int.class, Integer.class,
            long.class, Long.class, float.class, Float.class, double.class, Double.class, char.class, Character.class);

    private ListParts() {}

    /**
     * isList says whether a part's Java type is an array or a List: for a message part, an
     * {@code xs:list} (a part is one element or one type, never a repeated element), except
     * {@code byte[]}, which is base64Binary or hexBinary.
     */
    static boolean isList(Type type) {
        if (type instanceof Class<?> c) {
            return c.isArray() && c != byte[].class;
        }
        return type instanceof GenericArrayType
                || (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw
                        && java.util.Collection.class.isAssignableFrom(raw));
    }

    /** itemType is the type of one item of a list part's value. */
    static Class<?> itemType(Type type) {
        if (type instanceof Class<?> array && array.isArray()) {
            return array.getComponentType();
        }
        if (type instanceof GenericArrayType array) {
            return raw(array.getGenericComponentType());
        }
        if (type instanceof ParameterizedType list && list.getActualTypeArguments().length == 1) {
            return raw(list.getActualTypeArguments()[0]);
        }
        throw new IllegalArgumentException("an @XmlList part of type " + type.getTypeName() + " is neither an array nor a List");
    }

    /** items splits an xs:list value at XML whitespace, as its whiteSpace="collapse" facet asks. */
    static List<String> items(String text) {
        String collapsed = text.replaceAll("[ \\t\\r\\n]+", " ").trim();
        return collapsed.isEmpty() ? List.of() : List.of(collapsed.split(" "));
    }

    /** boxed is the class JAXB binds an item into: a primitive item's wrapper. */
    static Class<?> boxed(Class<?> item) {
        return BOXES.getOrDefault(item, item);
    }

    /** collect builds the part's value, an array or a list, from its bound items. */
    static Object collect(Type type, Class<?> item, List<Object> values) {
        if (type instanceof ParameterizedType) {
            return new ArrayList<>(values);
        }
        Object array = Array.newInstance(item, values.size());
        for (int i = 0; i < values.size(); i++) {
            Array.set(array, i, values.get(i));
        }
        return array;
    }

    private static Class<?> raw(Type type) {
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        if (type instanceof Class<?> c) {
            return c;
        }
        throw new IllegalArgumentException("an @XmlList item of type " + type.getTypeName() + " cannot be bound");
    }
}
