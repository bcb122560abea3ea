package dev.soapbench.jvmhost;

import jakarta.servlet.Servlet;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Main serves a stack's servlet:
 * {@code Main --settings FILE --port P --servlet CLASS [--init NAME=VALUE]... [--endpoint-path /ws]
 * [--variant ID] [--set connector.NAME=VALUE]...}, or prints the settings: {@code Main --settings FILE
 * --print-settings}. {@code --set} is how a stack variant changes a connector setting of the file.
 * On stdout: {@code SETTINGS <json>}, then {@code READY <endpoint URL>} once requests are accepted.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            // One line per log record: Tomcat and the stacks log through java.util.logging.
            System.setProperty("java.util.logging.SimpleFormatter.format", "%4$s %3$s: %5$s%n");
        }
        try {
            System.exit(run(args, System.out));
        } catch (UsageException | HostStartException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(e instanceof UsageException ? 2 : 1);
        }
    }

    static int run(String[] args, PrintStream out) throws UsageException, HostStartException {
        Path settingsFile = null;
        Integer port = null;
        String servletClass = null;
        String endpointPath = "/ws";
        boolean printOnly = false;
        Map<String, String> initParameters = new LinkedHashMap<>();
        Map<String, String> overrides = new LinkedHashMap<>();
        String variant = null;
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            switch (flag) {
                case "--print-settings" -> printOnly = true;
                case "--settings" -> settingsFile = Path.of(value(args, ++i, flag));
                case "--port" -> port = parsePort(value(args, ++i, flag));
                case "--servlet" -> servletClass = value(args, ++i, flag);
                case "--endpoint-path" -> endpointPath = value(args, ++i, flag);
                case "--init" -> putPair(initParameters, value(args, ++i, flag), flag);
                case "--set" -> putPair(overrides, value(args, ++i, flag), flag);
                case "--variant" -> variant = value(args, ++i, flag);
                default -> throw new UsageException("unknown argument " + flag);
            }
        }
        if (settingsFile == null) {
            throw new UsageException("--settings FILE is required");
        }
        HostSettings settings = loadSettings(settingsFile, overrides);
        if (printOnly) {
            out.println(SettingsReport.json(settings, variant));
            return 0;
        }
        if (port == null || servletClass == null) {
            throw new UsageException("--port P and --servlet CLASS are required");
        }
        Servlet servlet = instantiate(servletClass);
        JvmHost host = JvmHost.start(settings, port, servlet, initParameters);
        Runtime.getRuntime().addShutdownHook(new Thread(host::close, "jvm-host-stop"));
        out.println("SETTINGS " + SettingsReport.json(settings, variant));
        out.println("READY http://" + settings.address() + ":" + host.port() + endpointPath);
        out.flush();
        host.awaitStop();
        return 0;
    }

    private static void putPair(Map<String, String> into, String pair, String flag) throws UsageException {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
            throw new UsageException(flag + " wants NAME=VALUE, got " + pair);
        }
        into.put(pair.substring(0, eq), pair.substring(eq + 1));
    }

    private static HostSettings loadSettings(Path file, Map<String, String> overrides) throws UsageException {
        try {
            return HostSettings.load(file, overrides);
        } catch (IOException e) {
            throw new UsageException("cannot read settings " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static Servlet instantiate(String className) throws UsageException {
        try {
            Object servlet = Class.forName(className).getDeclaredConstructor().newInstance();
            if (!(servlet instanceof Servlet)) {
                throw new UsageException(className + " is not a jakarta.servlet.Servlet");
            }
            return (Servlet) servlet;
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new UsageException("cannot create servlet " + className + ": " + JvmHost.describe(e));
        }
    }

    private static String value(String[] args, int index, String flag) throws UsageException {
        if (index >= args.length) {
            throw new UsageException(flag + " needs a value");
        }
        return args[index];
    }

    private static int parsePort(String text) throws UsageException {
        try {
            int port = Integer.parseInt(text);
            if (port < 0 || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new UsageException("--port wants 0-65535, got " + text);
        }
    }

    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }
}
