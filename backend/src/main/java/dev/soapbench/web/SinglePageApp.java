package dev.soapbench.web;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.SoapBenchProperties;
import dev.soapbench.compare.ComparePreview;
import dev.soapbench.leaderboards.BoardPreview;
import dev.soapbench.runs.SharePreview;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The UI's client-side routes all answer with index.html; its assets are served from the same
 * folder as static resources (see application.yaml). A run's page carries its title and preview
 * tags in the HTML itself ({@link SharePreview}), for link previewers that run no scripts.
 */
@Controller
class SinglePageApp {

    static final String TITLE = "<title>SOAPBench</title>";
    private static final MediaType HTML = new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8);

    private final Path index;
    private final SharePreview preview;
    private final BoardPreview boardPreview;
    private final ComparePreview comparePreview;

    SinglePageApp(
            SoapBenchProperties properties,
            SharePreview preview,
            BoardPreview boardPreview,
            ComparePreview comparePreview) {
        this.comparePreview = comparePreview;
        this.index = properties.uiPath().resolve("index.html");
        this.preview = preview;
        this.boardPreview = boardPreview;
    }

    @GetMapping({
        "/",
        "/submit",
        "/runs",
        "/runs/**",
        "/r/**",
        "/studies",
        "/studies/**",
        "/study-runs/**",
        "/interop",
        "/interop/**",
        "/leaderboards",
        "/projects",
        "/ci",
        "/projects/**"
    })
    ResponseEntity<Resource> index() {
        requireBuilt();
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(new FileSystemResource(index));
    }

    @GetMapping({"/r/{idOrSlug}", "/runs/{idOrSlug}"})
    ResponseEntity<String> runPage(@PathVariable String idOrSlug) {
        return withHead(preview.headFor(idOrSlug));
    }

    /** index.html with its title replaced by a page's own head elements, when it has them. */
    private ResponseEntity<String> withHead(Optional<String> head) {
        requireBuilt();
        String page = read();
        String withHead = head.filter(h -> page.contains(TITLE))
                .map(h -> page.replace(TITLE, h))
                .orElse(page);
        return ResponseEntity.ok().contentType(HTML).body(withHead);
    }

    @GetMapping("/compare")
    ResponseEntity<String> comparePage(
            @RequestParam(required = false) String runs, @RequestParam(required = false) String baseline) {
        return withHead(runs == null ? Optional.empty() : comparePreview.headFor(runs, baseline));
    }

    @GetMapping("/leaderboards/{board}")
    ResponseEntity<String> boardPage(@PathVariable String board) {
        return withHead(boardPreview.headFor(board));
    }

    private void requireBuilt() {
        if (!Files.isRegularFile(index)) {
            throw ApiProblem.notFound("The web UI is not built (no " + index + "); the API is under /api/v1.");
        }
    }

    private String read() {
        try {
            return Files.readString(index, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
