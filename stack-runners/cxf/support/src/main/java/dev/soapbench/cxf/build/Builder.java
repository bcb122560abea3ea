package dev.soapbench.cxf.build;

import dev.soapbench.jaxws.build.BuildPlan;
import dev.soapbench.jaxws.build.CodeGenerator;
import dev.soapbench.jaxws.build.JaxwsBuilder;
import dev.soapbench.jaxws.build.WrapperStyleBindings;
import dev.soapbench.jvmsupport.build.BuildFailure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.cxf.tools.common.ToolContext;
import org.apache.cxf.tools.wsdlto.WSDLToJava;

/**
 * Builder is CXF's JAX-WS build (see {@link JaxwsBuilder}) with WSDLToJava as the code generator.
 * The endpoint needs no class of its own for the samples: the servlet publishes a proxy.
 *
 * <p>{@code Builder --out DIR --entry FILE [--catalog DIR]}
 */
public final class Builder implements CodeGenerator {

    public static void main(String[] args) {
        JaxwsBuilder.main(args, new Builder());
    }

    @Override
    public String name() {
        return "WSDLToJava";
    }

    @Override
    public void generate(BuildPlan plan, Path sources) throws BuildFailure {
        Path entryFile = plan.entryFile();
        Path bindings = WrapperStyleBindings.write(plan, entryFile);
        List<String> arguments = new ArrayList<>(List.of(
            "-d", sources.toString(),
            "-b", bindings.toUri().toString(),
            "-fe", "jaxws",
            "-db", "jaxb",
            "-autoNameResolution",
            "-suppress-generated-date",
            // Header parts of messages other than the operation's own become header parameters
            // too, so every header the binding declares is parsed and written through JAXB.
            "-exsh", "true",
            "-verbose"));
        if (ServiceSelection.canSelect(entryFile, plan.port().service())) {
            arguments.addAll(List.of("-sn", plan.port().service().getLocalPart()));
        }
        arguments.add(entryFile.toUri().toString());
        plan.log().println("WSDLToJava " + String.join(" ", arguments));
        try {
            new WSDLToJava(arguments.toArray(String[]::new)).run(new ToolContext(), plan.log());
        } catch (Exception e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (e.getCause() != null && e.getCause().getMessage() != null && !message.contains(e.getCause().getMessage())) {
                message += ": " + e.getCause().getMessage();
            }
            // Say where in the bundle, as the user knows it, not where the build copied it.
            message = message.replace(entryFile.getParent().toUri().toString(), "")
                    .replace("file:" + entryFile.getParent() + "/", "");
            if (message.contains("rpc/encoded")) {
                throw BuildFailure.unsupported("WSDLToJava: " + message);
            }
            throw BuildFailure.error("WSDLToJava: " + message);
        }
    }
}
