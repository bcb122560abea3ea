package dev.soapbench.catalog.simpletypes;

import java.util.Collections;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.Duration;
import javax.xml.datatype.XMLGregorianCalendar;
import soapbench.simple_types.Priority;
import soapbench.simple_types.Properties;
import soapbench.simple_types.SimpleTypes;
import soapbench.simple_types.SimpleTypesResponse;
import soapbench.simple_types.TextList;

/**
 * SimpleTypesAnswer computes the catalog simple-types service's response, the 14-parameter call
 * of the XINS test, by the rules of wsdl-catalog/simple-types/README.md (written once as
 * {@code respond} in datasets/simple-types/simple_types.py). It uses only the types JAXB generates
 * from the service's schema, so every JVM stack's endpoint calls it, whatever serves the call.
 */
public final class SimpleTypesAnswer {
    private static final DatatypeFactory DATATYPES = DatatypeFactory.newDefaultInstance();
    private static final Duration ONE_DAY = DATATYPES.newDuration("P1D");
    private static final Duration ONE_HOUR = DATATYPES.newDuration("PT1H");
    private static final Priority[] PRIORITIES = Priority.values();

    private SimpleTypesAnswer() {}

    /** The response to a request, by the service's rules. */
    public static SimpleTypesResponse answer(SimpleTypes request) {
        long sum = (long) request.getInputByte() + request.getInputShort() + request.getInputInt();
        if (sum < Integer.MIN_VALUE || sum > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("inputByte + inputShort + inputInt overflows xsd:int");
        }
        long longSum;
        try {
            longSum = Math.addExact(request.getInputLong(), request.getInputInt());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("inputLong + inputInt overflows xsd:long");
        }
        Priority priority = required(request.getInputEnum(), "inputEnum");

        SimpleTypesResponse response = new SimpleTypesResponse();
        response.setOutputBoolean(!request.isInputBoolean());
        response.setOutputInt((int) sum);
        response.setOutputLong(longSum);
        response.setOutputDouble(request.getInputDouble() * 2);
        response.setOutputDecimal(required(request.getInputDecimal(), "inputDecimal"));
        response.setOutputText(required(request.getInputText(), "inputText") + "/" + priority.value());
        response.setOutputEnum(PRIORITIES[(priority.ordinal() + 1) % PRIORITIES.length]);
        response.setOutputDate(plus(required(request.getInputDate(), "inputDate"), ONE_DAY));
        response.setOutputTimestamp(plus(required(request.getInputTimestamp(), "inputTimestamp"), ONE_HOUR));
        response.setOutputBinary(reversed(request.getInputBinary()));

        TextList list = new TextList();
        if (request.getInputList() != null) {
            list.getItem().addAll(request.getInputList().getItem());
            Collections.reverse(list.getItem());
        }
        response.setOutputList(list);
        Properties properties = new Properties();
        if (request.getInputProperties() != null) {
            properties.getProperty().addAll(request.getInputProperties().getProperty());
        }
        response.setOutputProperties(properties);
        return response;
    }

    // XMLGregorianCalendar.add carries into days, months and years by the calendar's rules (leap
    // days included) and keeps the value's time zone.
    private static XMLGregorianCalendar plus(XMLGregorianCalendar value, Duration duration) {
        XMLGregorianCalendar result = (XMLGregorianCalendar) value.clone();
        result.add(duration);
        return result;
    }

    private static byte[] reversed(byte[] bytes) {
        if (bytes == null) {
            return new byte[0];
        }
        byte[] result = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            result[i] = bytes[bytes.length - 1 - i];
        }
        return result;
    }

    private static <T> T required(T value, String element) {
        if (value == null) {
            throw new IllegalArgumentException(element + " is missing or not valid");
        }
        return value;
    }
}
