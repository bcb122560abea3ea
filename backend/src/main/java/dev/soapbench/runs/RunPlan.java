package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import dev.soapbench.dispatch.RunJob;
import dev.soapbench.wsdl.Sample;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * What one submission stores, all in one transaction ({@link RunStore}), and what it answers.
 *
 * @param bundleFiles the WSDL the stacks build (without its policies when the workload asks so)
 * @param samples one sample per operation of the WSDL, kept for the run page
 * @param job the job to queue; empty when no stack can build the WSDL and the run failed at once
 * @param charge the work quota charged for the run; empty when there is no job or it was charged
 * @param manageToken the secret an anonymous submitter cancels the run with; only its hash is stored
 */
record RunPlan(
        RunRow run,
        Map<String, byte[]> bundleFiles,
        Optional<Map<String, byte[]>> headBundleFiles,
        List<Sample> samples,
        List<StackRow> stacks,
        Optional<CiContext> ci,
        Optional<RunJob> job,
        Optional<Charge> charge,
        ObjectNode analysisView,
        Optional<String> manageToken) {

    /** A charge to the caller's work quota, named after the run so it is charged once. */
    record Charge(Caller caller, long workerSeconds, String subject) {}
}
