package dev.soapbench.runs;

import dev.soapbench.accounts.Caller;
import dev.soapbench.limits.WorkEstimate;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.stacks.StackManifest;
import dev.soapbench.wsdl.OperationInfo;
import dev.soapbench.wsdl.Sample;
import dev.soapbench.wsdl.WsdlAnalysis;
import dev.soapbench.wsdl.WsdlBundle;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What a submission has gathered and checked before anything is decided: the caller, the workload,
 * the WSDL with its analysis, the stacks, the samples and the requests. {@link RunPlanner} decides
 * the run from these alone.
 *
 * @param workload the workload with every default of its schema written out ({@code WorkloadDefaults})
 * @param workCharged the caller charged the work quota already (a study charges its whole matrix)
 * @param ci where a pipeline's run comes from; null for others
 * @param catalogId the catalog service measured; null for an upload
 * @param fileName the uploaded file's name; null for a catalog service
 * @param bundle the WSDL as submitted, before any policy is taken out
 * @param operations the measured operations by name
 * @param stacks the stacks the workload names, resolved, the reference first
 * @param samples every sample of the WSDL, several per operation possibly
 * @param measuredSamples one sample per measured operation, in the operations' order
 * @param allStacks every stack this server knows, judged in the analysis the run page shows
 */
record SubmissionFacts(
        Caller caller,
        boolean workCharged,
        CiContext ci,
        String visibility,
        JsonNode workload,
        WorkEstimate estimate,
        String hardwareClass,
        String catalogId,
        String fileName,
        WsdlBundle bundle,
        WsdlAnalysis analysis,
        Map<String, OperationInfo> operations,
        List<ResolvedStack> stacks,
        List<Sample> samples,
        List<Sample> measuredSamples,
        Optional<HeadWsdl.Head> head,
        Optional<RequestDatasets.Sequence> requests,
        List<StackManifest> allStacks) {}
