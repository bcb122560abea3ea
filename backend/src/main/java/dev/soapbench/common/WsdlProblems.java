package dev.soapbench.common;

import dev.soapbench.wsdl.WsdlProblem;

/** Turns a WSDL fault into the position-carrying error of the API. */
public final class WsdlProblems {

    private WsdlProblems() {}

    public static ProblemError toError(WsdlProblem problem) {
        return ProblemError.inFile(problem.file(), problem.line(), problem.column(), problem.reason());
    }
}
