package dev.soapbench.metro.drive;

import dev.soapbench.jvmsupport.drive.DriveLoop;
import dev.soapbench.metro.security.WsitHome;
import java.nio.file.Path;

/**
 * Driver is Metro's native client: the shared JAX-WS driver ({@link dev.soapbench.jaxws.drive.Driver}),
 * which for a secured build reads the client's copy of the WSDL ({@code client/wsdl/}, the mode's
 * policy with Metro's client-side key stores and credentials) so Metro secures each request and
 * checks each secured answer as the policy says.
 *
 * <p>Same arguments as the shared driver.
 */
public final class Driver {
    /** Where secure-build puts the client's copy of the build's WSDL folder. */
    static final String CLIENT_COPY = "client/";

    private Driver() {}

    public static void main(String[] args) {
        String build = null;
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--build")) {
                build = args[i + 1];
            }
        }
        if (build == null || !WsitHome.use(Path.of(build))) {
            dev.soapbench.jaxws.drive.Driver.main(args);
            return;
        }
        dev.soapbench.jaxws.drive.Driver.quietLogging();
        DriveLoop.main(args, options -> dev.soapbench.jaxws.drive.Driver.clients(options, CLIENT_COPY));
    }
}
