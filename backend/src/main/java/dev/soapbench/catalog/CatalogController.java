package dev.soapbench.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

@RestController
class CatalogController {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record CatalogEntryView(
            String id,
            String name,
            String description,
            String seed,
            List<String> operations,
            JsonNode defaultWorkload) {}

    private final Catalog catalog;

    CatalogController(Catalog catalog) {
        this.catalog = catalog;
    }

    @GetMapping("/api/v1/catalog")
    List<CatalogEntryView> list() {
        return catalog.all().stream()
                .map(service -> new CatalogEntryView(
                        service.id(),
                        service.name(),
                        service.description(),
                        service.seed(),
                        service.operations(),
                        service.defaultWorkload()))
                .toList();
    }
}
