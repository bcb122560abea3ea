package dev.soapbench.springws.security;

import dev.soapbench.springws.BuildDescription;
import java.nio.file.Path;

/**
 * SecuredBuildCheck configures, at build time, the interceptors the server and the client of a
 * secured build will use, so that a mode Spring-WS cannot honour, or a store that does not open,
 * ends the build (with the contract's last line) and never a server start or a measured client.
 *
 * <p>{@code SecuredBuildCheck BUILD_DIR}: exit 0, or 1 with a last stderr line
 * {@code unsupported: security mode MODE: ...} or {@code error: security mode MODE: ...}.
 */
public final class SecuredBuildCheck {
    private SecuredBuildCheck() {}

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("error: SecuredBuildCheck BUILD_DIR");
            System.exit(2);
        }
        String mode = "?";
        try {
            Path build = Path.of(args[0]);
            BuildDescription description = BuildDescription.read(build);
            SecuritySettings settings = SecuritySettings.read(build);
            mode = settings.mode();
            SecurityInterceptors.server(settings, description.soapVersion());
            SecurityInterceptors.client(settings, description.soapVersion());
            System.out.println("security mode " + mode + ": Wss4jSecurityInterceptor configured for the server and the client");
        } catch (UnsupportedSecurity e) {
            System.err.println("unsupported: security mode " + mode + ": " + e.getMessage());
            System.exit(1);
        } catch (Exception e) {
            System.err.println("error: security mode " + mode + ": " + e);
            System.exit(1);
        }
    }
}
