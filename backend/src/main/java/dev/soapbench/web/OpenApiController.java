package dev.soapbench.web;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Serves the committed contract itself, which Swagger UI at /api/docs displays. */
@RestController
class OpenApiController {

    private static final MediaType YAML = MediaType.parseMediaType("application/yaml");

    @GetMapping("/api/v1/openapi.yaml")
    ResponseEntity<Resource> openapi() {
        return ResponseEntity.ok().contentType(YAML).body(new ClassPathResource("openapi.yaml"));
    }
}
