package dev.soapbench.cxf.drive;

import dev.soapbench.cxf.security.SecuritySettings;
import java.nio.file.Path;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;

/**
 * Driver is CXF's native client: the shared JAX-WS driver ({@link dev.soapbench.jaxws.drive.Driver})
 * with, for a secured build, the build's WS-Security settings on CXF's default bus, which every
 * port proxy the driver creates uses. The proxies read the mode's policy from the build's WSDL copy,
 * so they secure each request and check each secured answer as the policy says.
 *
 * <p>Same arguments as the shared driver.
 */
public final class Driver {
    private Driver() {}

    public static void main(String[] args) throws Exception {
        String build = null;
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--build")) {
                build = args[i + 1];
            }
        }
        SecuritySettings settings = build == null ? null : SecuritySettings.read(Path.of(build));
        if (settings != null) {
            Bus bus = BusFactory.getDefaultBus(true);
            settings.client().forEach(bus::setProperty);
        }
        dev.soapbench.jaxws.drive.Driver.main(args);
    }
}
