package dev.soapbench.leaderboards;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * One leaderboard: a fixed workload of one catalog service, in one security mode, on one hardware
 * class.
 *
 * @param id {@code <workloadId>-<security>-<hardwareClass>}, the board's address
 * @param stacks the stack ids the board is limited to; empty for every stack implementing the service
 * @param workload the workload without stacks; its security and hardware class are the board's
 */
record Board(
        String id,
        String workloadId,
        String title,
        String catalog,
        String security,
        String hardwareClass,
        List<String> stacks,
        ObjectNode workload) {

    static String idOf(String workloadId, String security, String hardwareClass) {
        return workloadId + "-" + security + "-" + hardwareClass;
    }

    /**
     * Whether the board is secured and its workload uses the neutral driver: a secured cell is
     * measured with each stack's own client only (docs/security-modes.md), so no stack can be measured
     * on such a board, and none is asked to.
     */
    boolean securedWithTheNeutralDriver() {
        return !security.equals("plain")
                && !"native".equals(workload.path("driver").asString());
    }
}
