package dev.soapbench.stacks;

import java.util.List;
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
            List<String> catalog) {}

    private final Stacks stacks;

    StacksController(Stacks stacks) {
        this.stacks = stacks;
    }

    @GetMapping("/api/v1/stacks")
    List<StackView> list() {
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
                        stack.catalog()))
                .toList();
    }
}
