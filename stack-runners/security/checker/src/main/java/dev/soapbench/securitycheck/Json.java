package dev.soapbench.securitycheck;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/** JSON through Jackson: reading profile.json and writing one line per check. */
final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    /** Parses a JSON document into maps, lists, strings, numbers, booleans and nulls. */
    static Object parse(String text) {
        try {
            return MAPPER.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** The value as a JSON text: a quoted, escaped string, or an object for a map. */
    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A string as a JSON string literal, for diagnostics that quote a hostile value. */
    static String quote(String s) {
        return write(s);
    }

    static String line(Map<String, Object> fields) {
        return write(fields);
    }
}
