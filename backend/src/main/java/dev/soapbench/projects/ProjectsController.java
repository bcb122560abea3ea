package dev.soapbench.projects;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.RenderedJson;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import tools.jackson.databind.ObjectMapper;

/** A CI project's branch history (openapi.yaml, tag projects). */
@RestController
class ProjectsController {

    private final ProjectHistory history;
    private final ObjectMapper json;

    ProjectsController(ProjectHistory history, ObjectMapper json) {
        this.history = history;
        this.json = json;
    }

    @GetMapping("/api/v1/projects/history")
    ResponseEntity<byte[]> history(
            @RequestParam(required = false) String project,
            @RequestParam(required = false) String branch,
            Caller caller,
            WebRequest request) {
        return RenderedJson.of(json, history.of(project, branch, caller)).answer(request);
    }
}
