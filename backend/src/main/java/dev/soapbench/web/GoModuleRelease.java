package dev.soapbench.web;

import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.util.HtmlUtils;

/**
 * The release of this instance's own benchctl, served as a Go module proxy serves a module
 * (https://go.dev/ref/mod#goproxy-protocol) from the folder workers/cmd/modrelease writes at build
 * time, so that a CI job installs the benchctl that matches the instance it talks to:
 * {@code GOPROXY=<public URL>/go,https://proxy.golang.org GONOSUMDB=soapbench.dev go install
 * soapbench.dev/workers/cmd/benchctl@latest} (docs/ci.md). Where the instance is soapbench.dev
 * itself, its go-import tag lets the module path resolve with no GOPROXY at all.
 */
@Configuration
@RestController
class GoModuleRelease implements WebMvcConfigurer {

    static final String MODULE = "soapbench.dev/workers";

    private final Path folder;
    private final String publicUrl;

    // Plain properties rather than SoapBenchProperties: as a WebMvcConfigurer this class is part of
    // every web test slice, which binds no configuration properties.
    GoModuleRelease(
            @Value("${soapbench.go-proxy-dir:${soapbench.repo-dir:..}/workers/bin/goproxy}") String folder,
            @Value("${soapbench.public-url:http://localhost:8080}") String publicUrl) {
        this.folder = Path.of(folder).toAbsolutePath().normalize();
        this.publicUrl = publicUrl.replaceAll("/+$", "");
    }

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        // Spring's resource handling keeps every request inside the folder.
        registry.addResourceHandler("/go/**")
                .addResourceLocations(folder.toUri().toString());
    }

    /** The go-import tag the go command asks for under the module's path ({@code ?go-get=1}). */
    @GetMapping(
            path = {"/workers", "/workers/**"},
            params = "go-get")
    ResponseEntity<String> goImport(@RequestParam("go-get") String goGet) {
        if (!Files.isDirectory(folder)) {
            return ResponseEntity.notFound().build();
        }
        String content = HtmlUtils.htmlEscape(MODULE + " mod " + publicUrl + "/go");
        return ResponseEntity.ok()
                .contentType(MediaType.TEXT_HTML)
                .body("<!DOCTYPE html><html><head><meta name=\"go-import\" content=\"" + content
                        + "\"></head><body>go install " + MODULE + "/cmd/benchctl@latest</body></html>\n");
    }
}
