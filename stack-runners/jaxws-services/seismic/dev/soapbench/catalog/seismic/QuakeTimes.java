package dev.soapbench.catalog.seismic;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import javax.xml.datatype.DatatypeConstants;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;

/** QuakeTimes converts between xsd:dateTime values and the catalog's whole UTC seconds. */
final class QuakeTimes {
    private static final DatatypeFactory DATATYPES = DatatypeFactory.newDefaultInstance();

    private QuakeTimes() {}

    /**
     * The earliest whole second at or after a request bound. Quake times are whole seconds, so a
     * bound with a fraction moves to the next second, for the closed lower bound as for the open
     * upper one. A bound without a time zone is read as UTC, the zone of the catalog.
     */
    static long firstWholeSecond(XMLGregorianCalendar bound) {
        XMLGregorianCalendar zoned = bound;
        if (bound.getTimezone() == DatatypeConstants.FIELD_UNDEFINED) {
            zoned = (XMLGregorianCalendar) bound.clone();
            zoned.setTimezone(0);
        }
        long second = Math.floorDiv(zoned.toGregorianCalendar().getTimeInMillis(), 1000L);
        BigDecimal fraction = bound.getFractionalSecond();
        return fraction != null && fraction.signum() > 0 ? second + 1 : second;
    }

    /** A quake's time as an xsd:dateTime in UTC, whole seconds. */
    static XMLGregorianCalendar utc(long epochSecond) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(epochSecond, 0, ZoneOffset.UTC);
        return DATATYPES.newXMLGregorianCalendar(time.getYear(), time.getMonthValue(), time.getDayOfMonth(),
                time.getHour(), time.getMinute(), time.getSecond(), DatatypeConstants.FIELD_UNDEFINED, 0);
    }
}
