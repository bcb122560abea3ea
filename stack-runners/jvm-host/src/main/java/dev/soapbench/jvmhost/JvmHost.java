package dev.soapbench.jvmhost;

import jakarta.servlet.Servlet;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

/**
 * JvmHost is an embedded Tomcat serving one stack's servlet at {@code /*}, configured only by
 * {@link HostSettings}, so that every JVM stack is measured in the same container.
 */
public final class JvmHost implements AutoCloseable {
    private final Tomcat tomcat;
    private final Connector connector;
    private final Path baseDir;

    private JvmHost(Tomcat tomcat, Connector connector, Path baseDir) {
        this.tomcat = tomcat;
        this.connector = connector;
        this.baseDir = baseDir;
    }

    /**
     * start serves the servlet on the settings' address and the given port (0 picks a free one) and
     * returns once the connector accepts connections and the servlet has been initialised.
     */
    public static JvmHost start(HostSettings settings, int port, Servlet servlet, Map<String, String> initParameters)
            throws HostStartException {
        Path baseDir;
        try {
            baseDir = Files.createTempDirectory("jvm-host-");
        } catch (IOException e) {
            throw new HostStartException("cannot create Tomcat's work folder: " + e.getMessage());
        }
        Connector connector;
        try {
            connector = settings.newConnector(port);
        } catch (IllegalArgumentException e) {
            throw new HostStartException(e.getMessage());
        }
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.setConnector(connector);

        Context context = tomcat.addContext("", baseDir.toAbsolutePath().toString());
        // One application per JVM that lives as long as the JVM: leak detection on stop has nothing
        // to protect and needs --add-opens flags the measured JVM should not carry.
        StandardContext standard = (StandardContext) context;
        standard.setClearReferencesObjectStreamClassCaches(false);
        standard.setClearReferencesRmiTargets(false);
        standard.setClearReferencesThreadLocals(false);
        GuardedServlet guarded = new GuardedServlet(servlet);
        Wrapper wrapper = Tomcat.addServlet(context, "stack", guarded);
        wrapper.setLoadOnStartup(1);
        initParameters.forEach(wrapper::addInitParameter);
        context.addServletMappingDecoded("/*", "stack");

        JvmHost host = new JvmHost(tomcat, connector, baseDir);
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            host.close();
            throw new HostStartException("Tomcat did not start: " + e.getMessage());
        }
        if (guarded.initFailure() != null) {
            host.close();
            throw new HostStartException("the stack's servlet failed to start: " + describe(guarded.initFailure()));
        }
        if (connector.getState() != LifecycleState.STARTED || connector.getLocalPort() <= 0) {
            host.close();
            throw new HostStartException("cannot listen on " + settings.address() + ":" + port);
        }
        return host;
    }

    /** describe gives the innermost cause, which names what was wrong, on one line. */
    static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getName() : root.getMessage();
        return message.replaceAll("\\s+", " ").trim();
    }

    public int port() {
        return connector.getLocalPort();
    }

    public Connector connector() {
        return connector;
    }

    /** awaitStop blocks until {@link #close} is called, by the SIGTERM hook in a served host. */
    public void awaitStop() {
        tomcat.getServer().await();
    }

    @Override
    public void close() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            System.err.println("jvm-host: stopping Tomcat: " + e.getMessage());
        }
        deleteRecursively(baseDir);
    }

    private static void deleteRecursively(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException | UncheckedIOException e) {
            System.err.println("jvm-host: cannot remove " + folder + ": " + e.getMessage());
        }
    }
}
