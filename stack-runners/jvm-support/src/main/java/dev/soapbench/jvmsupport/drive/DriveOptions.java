package dev.soapbench.jvmsupport.drive;

import java.nio.file.Path;

/**
 * DriveOptions are the arguments of `runner drive`; {@code warmup} requests are sent before the
 * {@code count} measured ones, over the same clients, and never counted. {@code mtom} (the flag
 * {@code --mtom}, without a value) asks the client to send XOP packages; a runner whose client
 * cannot refuses it before the driver starts.
 */
public record DriveOptions(Path build, String endpoint, Path requests, int concurrency, long count, long warmup, boolean mtom) {
    /** UsageException is a wrong command line: the driver exits with status 2. */
    public static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    public static DriveOptions parse(String[] args) throws UsageException {
        Path build = null;
        String endpoint = null;
        Path requests = null;
        int concurrency = 1;
        long count = 1;
        long warmup = 0;
        boolean mtom = false;
        for (int i = 0; i < args.length; i += 2) {
            // Only a flag's place is read as --mtom, so a value that happens to be "--mtom" stays a value.
            if (args[i].equals("--mtom")) {
                mtom = true;
                i--;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new UsageException(args[i] + " needs a value");
            }
            String value = args[i + 1];
            switch (args[i]) {
                case "--build" -> build = Path.of(value);
                case "--endpoint" -> endpoint = value;
                case "--requests" -> requests = Path.of(value);
                case "--concurrency" -> concurrency = (int) positive(args[i], value);
                case "--count" -> count = positive(args[i], value);
                case "--warmup" -> warmup = value.equals("0") ? 0 : positive(args[i], value);
                default -> throw new UsageException("drive: unknown argument " + args[i]);
            }
        }
        if (build == null || endpoint == null || requests == null) {
            throw new UsageException(
                    "drive needs --build DIR --endpoint URL --requests DIR --concurrency C --count N [--warmup W] [--mtom]");
        }
        return new DriveOptions(build.toAbsolutePath(), endpoint, requests.toAbsolutePath(), concurrency, count, warmup, mtom);
    }

    private static long positive(String flag, String value) throws UsageException {
        try {
            long n = Long.parseLong(value);
            if (n > 0 && n <= Integer.MAX_VALUE) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the usage message
        }
        throw new UsageException(flag + " wants a positive whole number, got " + value);
    }
}
