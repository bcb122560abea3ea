package dev.soapbench.jaxws.build;

import dev.soapbench.jvmsupport.build.BuildFailure;
import java.nio.file.Path;
import java.util.Set;

/**
 * CodeGenerator is a stack's part of a JAX-WS build: its WSDL-to-Java tool, and what the tool's
 * output means for the published endpoint. {@link JaxwsBuilder} does the rest.
 */
public interface CodeGenerator {

    /** name is the tool's name, as build failures name it. */
    String name();

    /** generate writes the Java sources of the plan's port (wrapper style off) into {@code sources}. */
    void generate(BuildPlan plan, Path sources) throws BuildFailure;

    /**
     * checkOperations may refuse the build given the operations the service interface has (none
     * when the tool generated no interface for the port), before the samples are bound.
     */
    default void checkOperations(BuildPlan plan, Set<String> generated) throws BuildFailure {}

    /**
     * genericImplementation returns the class that answers from the samples, compiled into
     * {@code classes}, or null where the servlet implements the interface itself.
     */
    default String genericImplementation(BuildPlan plan, Class<?> serviceInterface, Path classes, String classpath)
            throws BuildFailure {
        return null;
    }
}
