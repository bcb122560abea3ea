package dev.soapbench.web;

import java.util.Set;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The JSON Schemas of the contract (../schemas, copied into the jar): the workload a run is
 * submitted with, and the messages between backend and workers. Served where their {@code $id}
 * points (https://soapbench.dev/schemas/...) and beside the API, so that an editor or a CI job
 * validates a workload file against the schema this instance applies.
 */
@RestController
class SchemasController {

    private static final Set<String> SCHEMAS = Set.of(
            "workload.schema.json",
            "run-job.schema.json",
            "run-event.schema.json",
            "run-cancel.schema.json",
            "heartbeat.schema.json",
            "fingerprint.schema.json");

    private static final MediaType SCHEMA_JSON = MediaType.parseMediaType("application/schema+json");

    @GetMapping({"/schemas/{name}", "/api/v1/schemas/{name}"})
    ResponseEntity<Resource> schema(@PathVariable String name) {
        // Only the named files: the name never becomes a path by itself.
        if (!SCHEMAS.contains(name)) {
            return ResponseEntity.notFound().build();
        }
        return ResponseEntity.ok()
                .contentType(SCHEMA_JSON)
                .header("Cache-Control", "public, max-age=300")
                .body(new ClassPathResource("schemas/" + name));
    }
}
