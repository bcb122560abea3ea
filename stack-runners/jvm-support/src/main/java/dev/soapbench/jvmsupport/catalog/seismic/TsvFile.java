package dev.soapbench.jvmsupport.catalog.seismic;

import dev.soapbench.jvmsupport.samples.SampleException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** TsvFile reads one of the seismic data's tab-separated files: a header line, then rows. */
final class TsvFile implements AutoCloseable {
    private final Path path;
    private final BufferedReader in;
    private int lineNumber;

    private TsvFile(Path path, BufferedReader in) {
        this.path = path;
        this.in = in;
    }

    /** Opens the file and skips its header line. */
    static TsvFile open(Path path) throws SampleException {
        BufferedReader in;
        try {
            in = Files.newBufferedReader(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SampleException("seismic data: cannot read " + path + ": " + reason(e)
                    + " (run make -C datasets build)");
        }
        TsvFile file = new TsvFile(path, in);
        if (file.readLine() == null) {
            file.close();
            file.lineNumber = 1;
            throw file.problem("empty file");
        }
        return file;
    }

    /** The next non-empty row split at tabs, or null at the end of the file. */
    List<String> next(int expectedFields) throws SampleException {
        String line;
        do {
            line = readLine();
            if (line == null) {
                return null;
            }
        } while (line.isEmpty());
        List<String> fields = List.of(line.split("\t", -1));
        if (fields.size() != expectedFields) {
            throw problem("expected " + expectedFields + " tab-separated fields, found " + fields.size());
        }
        return fields;
    }

    /** A one-line problem naming this file and the line just read. */
    SampleException problem(String what) {
        return new SampleException("seismic data: " + path + ":" + lineNumber + ": " + what);
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing was written, so nothing can be lost
        }
    }

    private String readLine() throws SampleException {
        try {
            String line = in.readLine();
            if (line != null) {
                lineNumber++;
            }
            return line;
        } catch (IOException e) {
            throw new SampleException("seismic data: cannot read " + path + ": " + reason(e));
        }
    }

    // The wording of strerror, which the gSOAP server prints for the same failures.
    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message.replaceAll("\\s+", " ");
    }
}
