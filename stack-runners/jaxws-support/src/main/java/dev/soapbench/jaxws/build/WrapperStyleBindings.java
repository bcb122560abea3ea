package dev.soapbench.jaxws.build;

import dev.soapbench.jvmsupport.build.BuildFailure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * WrapperStyleBindings writes the JAX-WS customisation file both code generators read: wrapper
 * style off, so each method takes the request element's type and returns the response element's,
 * and a whole sample response binds into one generated object.
 */
public final class WrapperStyleBindings {
    /** The customisation namespace of this JAX-WS line; prepare rewrites it for the javax line. */
    private static final String JAXWS_BINDINGS_NS = "https://jakarta.ee/xml/ns/jaxws";

    private WrapperStyleBindings() {}

    /** write puts the file for the WSDL at {@code wsdl} into the plan's codegen folder and returns it. */
    public static Path write(BuildPlan plan, Path wsdl) throws BuildFailure {
        Path bindings = plan.out().resolve("codegen/jaxws-bindings.xml");
        try {
            Files.createDirectories(bindings.getParent());
            Files.writeString(bindings, """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <jaxws:bindings xmlns:jaxws="%s" wsdlLocation="%s">
                      <jaxws:enableWrapperStyle>false</jaxws:enableWrapperStyle>
                    </jaxws:bindings>
                    """.formatted(JAXWS_BINDINGS_NS, xmlAttribute(wsdl.toUri().toASCIIString())), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BuildFailure.error("cannot write to " + plan.out() + ": " + e.getMessage());
        }
        return bindings;
    }

    /** The bundle's path, though checked, is escaped where it becomes XML. */
    private static String xmlAttribute(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&apos;");
    }
}
