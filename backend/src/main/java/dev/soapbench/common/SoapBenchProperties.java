package dev.soapbench.common;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the repository's data lives and how the service presents itself.
 *
 * @param stacksDir the stack-runners folder with one {@code stack.json} per stack
 * @param catalogDir the wsdl-catalog folder
 * @param uiDir the built single-page application
 * @param publicUrl the address people use, for share links
 * @param hardwareClasses the classes that get a job queue; a run names one of them
 * @param outboxPollInterval how often unsent jobs are looked for
 * @param confirmTimeout how long to wait for the broker to confirm a published job
 */
@ConfigurationProperties("soapbench")
public record SoapBenchProperties(
        String stacksDir,
        String catalogDir,
        String uiDir,
        String publicUrl,
        List<String> hardwareClasses,
        Duration outboxPollInterval,
        Duration confirmTimeout) {

    public SoapBenchProperties {
        hardwareClasses = hardwareClasses == null || hardwareClasses.isEmpty() ? List.of("local") : hardwareClasses;
        publicUrl = publicUrl == null ? "http://localhost:8080" : publicUrl.replaceAll("/+$", "");
        outboxPollInterval = outboxPollInterval == null ? Duration.ofMillis(500) : outboxPollInterval;
        confirmTimeout = confirmTimeout == null ? Duration.ofSeconds(10) : confirmTimeout;
    }

    public Path stacksPath() {
        return absolute(stacksDir);
    }

    public Path catalogPath() {
        return absolute(catalogDir);
    }

    public Path uiPath() {
        return absolute(uiDir);
    }

    // Bound as text: Spring's converter reads a Path as a resource location and rejects "../x".
    private static Path absolute(String dir) {
        return dir == null ? null : Path.of(dir).toAbsolutePath().normalize();
    }

    public String shareUrl(String slug) {
        return publicUrl + "/r/" + slug;
    }

    public String statusUrl(Object runId) {
        return publicUrl + "/api/v1/runs/" + runId;
    }
}
