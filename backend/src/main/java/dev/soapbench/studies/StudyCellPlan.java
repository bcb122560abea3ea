package dev.soapbench.studies;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * One cell of an expanded study matrix. A cell with a {@code pendingReason} is never sent; the
 * others carry the workload of their run, naming only the stacks that support the cell.
 */
record StudyCellPlan(
        int position,
        String id,
        Study.Size size,
        String security,
        int concurrency,
        Study.Method method,
        List<StackPlan> stacks,
        String pendingReason,
        ObjectNode workload) {

    /** A matrix stack in this cell: pending when it cannot take part yet, with why. */
    record StackPlan(String stack, boolean pending, String reason) {}

    boolean pending() {
        return pendingReason != null;
    }

    static String cellId(String size, String security, int concurrency, String method) {
        return size + "/" + security + "/c" + concurrency + "/" + method;
    }
}
