package dev.soapbench.runs;

import dev.soapbench.common.RenderedJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run taken away whole, as one zip: the run as the API shows it (workload, fingerprint, config
 * hash, stack versions, measurements and statistics), every measurement's histogram, the WSDL
 * bundle, and what to send to run it again with the same WSDL and workload.
 *
 * <pre>
 * README.md        what is inside and how to resubmit
 * run.json         GET /api/v1/runs/{id}
 * histograms.json  GET /api/v1/runs/{id}/histograms
 * workload.json    the workload as it ran, every default written out
 * wsdl.zip         the WSDL bundle (entry: its entry file)
 * resubmit.json    a catalog run only: the body of POST /api/v1/runs
 * </pre>
 */
@Component
class RunBundle {

    private final RunRepository runs;
    private final RunHistograms histograms;
    private final ObjectMapper json;

    RunBundle(RunRepository runs, RunHistograms histograms, ObjectMapper json) {
        this.runs = runs;
        this.histograms = histograms;
        this.json = json;
    }

    byte[] zip(RunView view, RenderedJson rendered) {
        ObjectNode workload = resubmittable(view);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out, StandardCharsets.UTF_8)) {
            put(zip, "README.md", readme(view).getBytes(StandardCharsets.UTF_8));
            put(zip, "run.json", rendered.body());
            put(
                    zip,
                    "histograms.json",
                    json.writerWithDefaultPrettyPrinter().writeValueAsBytes(histograms.of(view.id())));
            put(zip, "workload.json", json.writerWithDefaultPrettyPrinter().writeValueAsBytes(workload));
            put(zip, "wsdl.zip", wsdlZip(runs.bundleFiles(view.id())));
            if (view.source().catalog() != null) {
                ObjectNode body = json.createObjectNode();
                body.put("catalog", view.source().catalog());
                body.set("workload", workload);
                body.put("visibility", view.visibility());
                put(zip, "resubmit.json", json.writerWithDefaultPrettyPrinter().writeValueAsBytes(body));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The stored workload as a submission takes it: the service's own note of the WSDL left out. */
    private static ObjectNode resubmittable(RunView view) {
        ObjectNode workload = ((ObjectNode) view.workload()).deepCopy();
        workload.remove("wsdl");
        return workload;
    }

    private static byte[] wsdlZip(Map<String, byte[]> files) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                put(zip, file.getKey(), file.getValue());
            }
        }
        return out.toByteArray();
    }

    private static void put(ZipOutputStream zip, String name, byte[] content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content);
        zip.closeEntry();
    }

    private static String readme(RunView view) {
        String entry = view.source().entry();
        List<String> lines = List.of(
                "# SOAPBench run " + view.slug(),
                "",
                "- `run.json`: the run as `GET /api/v1/runs/" + view.id() + "` shows it: workload, machine"
                        + " fingerprint, config hash " + view.configHash() + ", stack versions, measurements and"
                        + " statistics.",
                "- `histograms.json`: every measurement's HdrHistogram (V2 compressed, base64, microseconds).",
                "- `workload.json`: the workload as it ran, every default written out.",
                "- `wsdl.zip`: the WSDL bundle; its entry is " + shellQuoted(entry) + ".",
                "",
                "Run it again (the same WSDL and workload give the same config hash):",
                "",
                view.source().catalog() != null
                        ? "    curl -H 'Content-Type: application/json' --data @resubmit.json $SOAPBENCH_URL/api/v1/runs"
                        // --form-string: curl takes the value as it is (-F would read ';' and '<').
                        : "    curl -F wsdl=@wsdl.zip --form-string " + shellQuoted("entry=" + entry)
                                + " -F workload=@workload.json $SOAPBENCH_URL/api/v1/runs",
                "");
        return String.join("\n", lines);
    }

    /**
     * A POSIX shell word that stands for {@code text} exactly: the entry is the uploader's file name,
     * and this command is meant to be pasted into a shell.
     */
    static String shellQuoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
