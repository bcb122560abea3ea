package dev.soapbench.wsdl;

/**
 * A WSDL bundle that cannot be used, with the place that is wrong. The message is one line and
 * starts with the location, e.g. {@code orders.wsdl:12:5: DOCTYPE is not allowed}.
 */
public class WsdlProblem extends RuntimeException {

    private final String file;
    private final Integer line;
    private final Integer column;
    private final String reason;

    public WsdlProblem(String reason) {
        this(null, null, null, reason);
    }

    public WsdlProblem(String file, Integer line, Integer column, String reason) {
        super(describe(file, line, column, reason));
        this.file = file;
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    /** The bundle path of the file at fault, or null when the bundle as a whole is wrong. */
    public String file() {
        return file;
    }

    public Integer line() {
        return line;
    }

    public Integer column() {
        return column;
    }

    /** The message without its location prefix. */
    public String reason() {
        return reason;
    }

    private static String describe(String file, Integer line, Integer column, String reason) {
        String oneLine =
                reason == null ? "invalid WSDL" : reason.replaceAll("\\s+", " ").trim();
        if (file == null) {
            return oneLine;
        }
        StringBuilder where = new StringBuilder(file);
        if (line != null && line > 0) {
            where.append(':').append(line);
            if (column != null && column > 0) {
                where.append(':').append(column);
            }
        }
        return where + ": " + oneLine;
    }
}
