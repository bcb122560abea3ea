package dev.soapbench.web;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.SoapBenchProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The UI's client-side routes all answer with index.html; its assets are served from the same
 * folder as static resources (see application.yaml).
 */
@Controller
class SinglePageApp {

    private final Path index;

    SinglePageApp(SoapBenchProperties properties) {
        this.index = properties.uiPath().resolve("index.html");
    }

    @GetMapping({"/", "/submit", "/runs", "/runs/**", "/r/**", "/studies", "/studies/**", "/study-runs/**"})
    ResponseEntity<Resource> index() {
        if (!Files.isRegularFile(index)) {
            throw ApiProblem.notFound("The web UI is not built (no " + index + "); the API is under /api/v1.");
        }
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(new FileSystemResource(index));
    }
}
