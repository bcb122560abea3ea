package dev.soapbench.interop;

/**
 * A row of {@code interop_cells}: one client x server x security mode as its interop_cell event
 * reported it. Figures are null where the cell was not measured.
 */
record InteropCell(
        String clientStack,
        String clientVersion,
        String serverStack,
        String serverVersion,
        String security,
        String outcome,
        String reason,
        Integer requests,
        Integer errors,
        Double throughputRps,
        Double p50Ms,
        Double p99Ms,
        Double clientCpuSeconds,
        Long clientPeakRssBytes) {

    static final String PASS = "pass";

    String client() {
        return clientStack + "@" + clientVersion;
    }

    String server() {
        return serverStack + "@" + serverVersion;
    }

    boolean passed() {
        return PASS.equals(outcome);
    }
}
