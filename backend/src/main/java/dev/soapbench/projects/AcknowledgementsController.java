package dev.soapbench.projects;

import dev.soapbench.accounts.Caller;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** A project's acknowledged regressions (openapi.yaml, tag projects). */
@RestController
class AcknowledgementsController {

    private final Acknowledgements acknowledgements;

    AcknowledgementsController(Acknowledgements acknowledgements) {
        this.acknowledgements = acknowledgements;
    }

    @PostMapping("/api/v1/projects/acknowledgements")
    @ResponseStatus(HttpStatus.CREATED)
    Acknowledgement acknowledge(@RequestBody Acknowledgements.Request body, Caller caller) {
        return acknowledgements.acknowledge(body, caller);
    }

    @GetMapping("/api/v1/projects/acknowledgements")
    List<Acknowledgement> list(@RequestParam(required = false) String project) {
        return acknowledgements.active(project);
    }

    @DeleteMapping("/api/v1/projects/acknowledgements/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void withdraw(@PathVariable UUID id, Caller caller) {
        acknowledgements.withdraw(id, caller);
    }
}
