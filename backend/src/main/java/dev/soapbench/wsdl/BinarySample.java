package dev.soapbench.wsdl;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Sample values of xs:hexBinary and xs:base64Binary. Their length facets count octets, not the
 * characters of the encoding (XML Schema 1.1 part 2, 3.3.15 and 3.3.16), so a value is made as
 * octets of a fixed text and encoded afterwards: a hexBinary of length 4 is 8 hex digits.
 */
final class BinarySample {
    private static final byte[] TEXT = "SOAPBench".getBytes(StandardCharsets.US_ASCII);

    /** The octets a sample holds when no facet constrains it. */
    static final int DEFAULT_OCTETS = TEXT.length;

    enum Encoding {
        HEX {
            @Override
            String encode(byte[] octets) {
                return HexFormat.of().withUpperCase().formatHex(octets);
            }

            @Override
            long characters(long octets) {
                return 2 * octets;
            }
        },
        BASE64 {
            @Override
            String encode(byte[] octets) {
                return Base64.getEncoder().encodeToString(octets);
            }

            @Override
            long characters(long octets) {
                return 4 * ((octets + 2) / 3);
            }
        };

        abstract String encode(byte[] octets);

        /** How many characters the encoding of so many octets takes. */
        abstract long characters(long octets);
    }

    private BinarySample() {}

    /** The encoding of {@code count} octets cycling through the fixed text. */
    static String of(int count, Encoding encoding) {
        byte[] octets = new byte[count];
        for (int i = 0; i < count; i++) {
            octets[i] = TEXT[i % TEXT.length];
        }
        return encoding.encode(octets);
    }
}
