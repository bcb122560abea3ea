package dev.soapbench.catalog.simpletypes;

import java.util.Calendar;
import java.util.Date;
import java.util.TimeZone;
import org.apache.axis2.databinding.utils.ConverterUtil;

/**
 * ZonelessDateConverter is ADB's pluggable converter (system property {@code adb.converterutil},
 * {@link ConverterUtil#SYSTEM_PROPERTY_ADB_CONVERTERUTIL}) for this service: ADB writes an xsd:date
 * with the server's zone ({@code 2007-09-21+00:00}), which is a different value from the zoneless
 * date the service was sent; this converter writes the same day without the zone. Once the
 * property is set ADB routes both of its date conversions here, so xsd:dateTime is written exactly
 * as ADB's own ConverterUtil writes it.
 */
public final class ZonelessDateConverter {
    private ZonelessDateConverter() {}

    /** An xsd:date: the day of the date in the server's zone, in which ADB read it. */
    public static String convertToString(Date value) {
        Calendar calendar = Calendar.getInstance();
        calendar.clear();
        calendar.setTime(value);
        StringBuffer text = new StringBuffer(10);
        ConverterUtil.appendDate(text, calendar);
        return text.toString();
    }

    /** An xsd:dateTime, as ADB's default conversion writes it. */
    public static String convertToString(Calendar value) {
        // ADB's own test for a calendar without a zone
        if (value.get(Calendar.ZONE_OFFSET) == -1) {
            value.setTimeZone(TimeZone.getDefault());
        }
        StringBuffer text = new StringBuffer(28);
        ConverterUtil.appendDate(text, value);
        text.append('T');
        ConverterUtil.appendTime(value, text);
        ConverterUtil.appendTimeZone(value, text);
        return text.toString();
    }
}
