package dev.soapbench.axis2.drive;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.axis2.AxisFault;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.neethi.Policy;
import org.apache.neethi.PolicyEngine;

/**
 * ClientSecurity is the native client's side of a secured build ({@code endpoint.properties}
 * {@code security=MODE}, made by the runner's secure-build): a configuration context over
 * {@code security/client-repository}, whose modules hold Rampart, and each stub's service client
 * engaging it with {@code security/client-policy.xml}, the mode's policy with the client's
 * RampartConfig. For a plain build it changes nothing.
 */
final class ClientSecurity {
    /** Rampart's Options property for the policy it applies (RampartMessageData.KEY_RAMPART_POLICY). */
    static final String RAMPART_POLICY = "rampartPolicy";

    private final Path repository;
    private final Policy policy;

    private ClientSecurity(Path repository, Policy policy) {
        this.repository = repository;
        this.policy = policy;
    }

    /** The build's client security, or a plain one when {@code mode} is null or {@code plain}. */
    static ClientSecurity of(Path build, String mode) throws Exception {
        if (mode == null || mode.equals("plain")) {
            return new ClientSecurity(null, null);
        }
        Path dir = build.resolve("security");
        Path policyFile = dir.resolve("client-policy.xml");
        if (!Files.isRegularFile(policyFile)) {
            throw new IllegalStateException("the build is secured for " + mode + " but has no " + policyFile);
        }
        try (InputStream in = Files.newInputStream(policyFile)) {
            return new ClientSecurity(dir.resolve("client-repository"), PolicyEngine.getPolicy(in));
        }
    }

    /** A configuration context of one client thread. */
    ConfigurationContext context() throws AxisFault {
        String path = repository == null ? null : repository.toString();
        return ConfigurationContextFactory.createConfigurationContextFromFileSystem(path, null);
    }

    /** Engages Rampart with the mode's policy on a stub's service client. */
    void apply(ServiceClient client) throws AxisFault {
        if (policy == null) {
            return;
        }
        client.engageModule("rampart");
        client.getOptions().setProperty(RAMPART_POLICY, policy);
    }
}
