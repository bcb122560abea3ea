package dev.soapbench.catalog.simpletypes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import org.apache.axiom.attachments.ByteArrayDataSource;
import simple_types.soapbench.Priority;
import simple_types.soapbench.Properties;
import simple_types.soapbench.SimpleTypes;
import simple_types.soapbench.SimpleTypesResponse;
import simple_types.soapbench.SimpleTypesServiceSkeletonInterface;
import simple_types.soapbench.TextList;

/**
 * SimpleTypesImplementation is the catalog simple-types service, the 14-parameter call of the XINS
 * test, computed by the rules of wsdl-catalog/simple-types/README.md on the ADB beans WSDL2Java
 * generates from simple-types.wsdl (package simple_types.soapbench).
 *
 * <p>Written, like the generated code, against Axis2 1.8.2's javax.activation; the build rewrites
 * both to jakarta.activation for the 2.0.0 runtime.
 */
public class SimpleTypesImplementation implements SimpleTypesServiceSkeletonInterface {
    private static final List<Priority> PRIORITIES = List.of(Priority.low, Priority.normal, Priority.high, Priority.urgent);
    private static final long ONE_HOUR_MILLIS = 3_600_000L;

    @Override
    public SimpleTypesResponse simpleTypes(SimpleTypes request) {
        SimpleTypesResponse response = new SimpleTypesResponse();
        response.setOutputBoolean(!request.getInputBoolean());
        response.setOutputInt(intSum(request));
        response.setOutputLong(longSum(request));
        response.setOutputDouble(request.getInputDouble() * 2);
        response.setOutputDecimal(request.getInputDecimal());
        response.setOutputText(request.getInputText() + "/" + request.getInputEnum().getValue());
        response.setOutputEnum(PRIORITIES.get((PRIORITIES.indexOf(request.getInputEnum()) + 1) % PRIORITIES.size()));
        response.setOutputDate(nextDay(request.getInputDate()));
        response.setOutputTimestamp(oneHourLater(request.getInputTimestamp()));
        response.setOutputBinary(new javax.activation.DataHandler(new ByteArrayDataSource(reversed(bytes(request.getInputBinary())))));
        response.setOutputList(reversed(request.getInputList()));
        response.setOutputProperties(sameProperties(request.getInputProperties()));
        return response;
    }

    // Sums outside their type are outside the catalog's contract; Java would wrap them silently.
    private static int intSum(SimpleTypes request) {
        long sum = (long) request.getInputByte() + request.getInputShort() + request.getInputInt();
        if (sum < Integer.MIN_VALUE || sum > Integer.MAX_VALUE) {
            throw new ArithmeticException("inputByte + inputShort + inputInt = " + sum + " overflows xsd:int");
        }
        return (int) sum;
    }

    private static long longSum(SimpleTypes request) {
        try {
            return Math.addExact(request.getInputLong(), request.getInputInt());
        } catch (ArithmeticException e) {
            throw new ArithmeticException("inputLong + inputInt overflows xsd:long");
        }
    }

    // ADB binds xsd:date to a Date at midnight of the server's zone; the day is added
    // in that zone too, so a change of daylight saving time does not move the date.
    private static Date nextDay(Date date) {
        Calendar calendar = Calendar.getInstance();
        calendar.setTime(date);
        calendar.add(Calendar.DAY_OF_MONTH, 1);
        return calendar.getTime();
    }

    private static Calendar oneHourLater(Calendar timestamp) {
        Calendar later = (Calendar) timestamp.clone();
        later.setTimeInMillis(timestamp.getTimeInMillis() + ONE_HOUR_MILLIS);
        return later;
    }

    private static byte[] bytes(javax.activation.DataHandler binary) {
        try {
            return binary.getInputStream().readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read inputBinary", e);
        }
    }

    private static byte[] reversed(byte[] bytes) {
        byte[] reversed = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            reversed[i] = bytes[bytes.length - 1 - i];
        }
        return reversed;
    }

    private static TextList reversed(TextList list) {
        TextList reversed = new TextList();
        String[] items = list.getItem();
        if (items != null) {
            String[] copy = items.clone();
            Collections.reverse(Arrays.asList(copy));
            reversed.setItem(copy);
        }
        return reversed;
    }

    private static Properties sameProperties(Properties properties) {
        Properties same = new Properties();
        if (properties.getProperty() != null) {
            same.setProperty(properties.getProperty().clone());
        }
        return same;
    }
}
