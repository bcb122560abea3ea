package dev.soapbench.runs;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.common.WsdlProblems;
import dev.soapbench.stacks.ResolvedStack;
import dev.soapbench.wsdl.OperationInfo;
import dev.soapbench.wsdl.Sample;
import dev.soapbench.wsdl.SampleGenerator;
import dev.soapbench.wsdl.UnreadableUpload;
import dev.soapbench.wsdl.WsdlAnalysis;
import dev.soapbench.wsdl.WsdlAnalyzer;
import dev.soapbench.wsdl.WsdlBundle;
import dev.soapbench.wsdl.WsdlBundles;
import dev.soapbench.wsdl.WsdlProblem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The head of an A/B of two WSDLs in one run: a pull request's changed WSDL, measured round by round
 * beside the base WSDL on one machine, so that the verdict is paired as between two stacks. The head
 * is the run's one stack at the same version, built from the head WSDL and reported as {@code
 * <version>+head}, with the base stack as the reference. One stack per run: each cell compares every
 * stack with one reference only, so a second stack's head would have no base to be judged against.
 */
@Service
class HeadWsdl {

    /** The build metadata a head's version carries: the same version, built from the head WSDL. */
    static final String VERSION_SUFFIX = "+head";

    static final String FIELD = "headWsdl";

    /**
     * @param operations the head's operations, by the base's names and in the base's order
     * @param samples one sample of each of them, from the head WSDL
     * @param stack the run's one stack as the head
     */
    record Head(
            String fileName,
            WsdlBundle bundle,
            Map<String, OperationInfo> operations,
            List<Sample> samples,
            ResolvedStack stack) {}

    private final WsdlAnalyzer analyzer;
    private final SampleGenerator samples;

    HeadWsdl(WsdlAnalyzer analyzer, SampleGenerator samples) {
        this.analyzer = analyzer;
        this.samples = samples;
    }

    /**
     * The workload as the worker will measure it with a head: each stack twice, once per WSDL, so
     * that the work estimate (and the quota it is charged to) counts both.
     */
    static JsonNode measuredTwice(JsonNode workload) {
        ObjectNode copy = ((ObjectNode) workload).deepCopy();
        ArrayNode stacks = copy.putArray("stacks");
        workload.path("stacks").forEach(stack -> {
            stacks.add(stack.asString());
            stacks.add(stack.asString() + VERSION_SUFFIX);
        });
        return copy;
    }

    /** The head of the run, checked against the base's measured operations and the workload. */
    Head of(SubmitRunCommand.Upload upload, JsonNode workload, Set<String> baseOperations, List<ResolvedStack> stacks) {
        if (stacks.size() != 1) {
            throw ApiProblem.unprocessable(
                    "An A/B of two WSDLs measures one stack against itself: name one stack (e.g. [\"cxf\"]) and submit"
                            + " one run per stack.",
                    ProblemError.inField("/stacks", "one stack with a head WSDL, not " + stacks.size()));
        }
        if (workload.path("requests").has("dataset")) {
            throw ApiProblem.unprocessable(
                    "A request sequence belongs to one WSDL: an A/B of two WSDLs sends each operation's sample.",
                    ProblemError.inField("/requests/dataset", "not with a head WSDL"));
        }
        WsdlBundle bundle = bundle(upload);
        WsdlAnalysis analysis = analyse(bundle);
        Map<String, OperationInfo> byName = new LinkedHashMap<>();
        analysis.operations().forEach(operation -> byName.putIfAbsent(operation.name(), operation));
        Map<String, OperationInfo> operations = new LinkedHashMap<>();
        List<ProblemError> missing = new ArrayList<>();
        for (String name : baseOperations) {
            if (byName.containsKey(name)) {
                operations.put(name, byName.get(name));
            } else {
                missing.add(ProblemError.inField(FIELD, "has no operation '" + name + "', which the base measures"));
            }
        }
        if (!missing.isEmpty()) {
            throw ApiProblem.unprocessable(
                    "The head WSDL lacks operations the base measures: the two are compared operation by operation ("
                            + "the head has: " + String.join(", ", byName.keySet()) + ").",
                    missing);
        }
        Map<String, Sample> generated = new LinkedHashMap<>();
        samples.generate(bundle, analysis).forEach(sample -> generated.putIfAbsent(sample.operation(), sample));
        List<Sample> measured = new ArrayList<>();
        for (String name : operations.keySet()) {
            Sample sample = generated.get(name);
            if (sample == null) {
                throw ApiProblem.unprocessable(
                        "Could not generate a sample of the head WSDL's operation '" + name + "'.",
                        ProblemError.inField(FIELD, "no sample for '" + name + "'"));
            }
            measured.add(sample);
        }
        ResolvedStack base = stacks.get(0);
        return new Head(
                upload.fileName(),
                bundle,
                operations,
                List.copyOf(measured),
                new ResolvedStack(base.manifest(), base.version() + VERSION_SUFFIX, base.variant()));
    }

    private static WsdlBundle bundle(SubmitRunCommand.Upload upload) {
        try {
            return WsdlBundles.fromUpload(upload.fileName(), upload.content(), upload.entry());
        } catch (UnreadableUpload problem) {
            throw ApiProblem.badRequest(
                    "The head WSDL cannot be read: " + problem.getMessage(), inHead(WsdlProblems.toError(problem)));
        } catch (WsdlProblem problem) {
            throw ApiProblem.unprocessable(
                    "The head WSDL cannot be used: " + problem.getMessage(), inHead(WsdlProblems.toError(problem)));
        }
    }

    private WsdlAnalysis analyse(WsdlBundle bundle) {
        try {
            return analyzer.analyze(bundle);
        } catch (WsdlProblem problem) {
            throw ApiProblem.unprocessable(
                    "The head WSDL cannot be analysed: " + problem.getMessage(), inHead(WsdlProblems.toError(problem)));
        }
    }

    /** The error with its file and line, and the form field that sent the file. */
    private static ProblemError inHead(ProblemError error) {
        return new ProblemError(error.message(), error.file(), error.line(), error.column(), FIELD);
    }
}
