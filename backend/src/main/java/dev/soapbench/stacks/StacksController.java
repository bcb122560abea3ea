package dev.soapbench.stacks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
class StacksController {

    record StackView(
            String id,
            String displayName,
            String language,
            String container,
            String description,
            List<String> versions,
            String defaultVersion,
            StackManifest.Features features,
            List<String> catalog,
            List<StackManifest.KnownDefect> knownDefects,
            List<StackManifest.Variant> variants,
            Map<String, List<String>> securityByVersion,
            List<StackAvailability> availability) {}

    private final Stacks stacks;
    private final StackAvailabilities availabilities;

    StacksController(Stacks stacks, StackAvailabilities availabilities) {
        this.stacks = stacks;
        this.availabilities = availabilities;
    }

    @GetMapping("/api/v1/stacks")
    List<StackView> list() {
        Map<String, List<StackAvailability>> availability = availabilities.byStack();
        return stacks.all().stream()
                .map(stack -> new StackView(
                        stack.id(),
                        stack.displayName(),
                        stack.language(),
                        stack.container(),
                        stack.description(),
                        Stacks.versionsOf(stack),
                        stack.defaultVersion(),
                        stack.features(),
                        stack.catalog(),
                        stack.knownDefects(),
                        stack.variants(),
                        securityByVersion(stack),
                        availability.getOrDefault(stack.id(), List.of())))
                .toList();
    }

    /** Every version's security modes, so a form can tell which modes the chosen version honours. */
    private static Map<String, List<String>> securityByVersion(StackManifest stack) {
        Map<String, List<String>> modes = new LinkedHashMap<>();
        stack.versions().forEach(version -> modes.put(version.version(), stack.securityAt(version.version())));
        return modes;
    }
}
