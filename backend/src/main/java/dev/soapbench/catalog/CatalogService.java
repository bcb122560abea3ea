package dev.soapbench.catalog;

import java.util.List;
import tools.jackson.databind.JsonNode;

/** A curated service from {@code wsdl-catalog/<id>/catalog.json}, with the operations its samples cover. */
public record CatalogService(
        String id,
        String name,
        String description,
        String seed,
        String entry,
        List<String> operations,
        JsonNode defaultWorkload) {}
