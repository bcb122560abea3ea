package dev.soapbench.springws.server;

import dev.soapbench.springws.BuildDescription;
import java.nio.file.Path;

/** BuildFolder is the build the servlet serves, registered as a bean for the configurations. */
public record BuildFolder(Path path, BuildDescription description) {}
