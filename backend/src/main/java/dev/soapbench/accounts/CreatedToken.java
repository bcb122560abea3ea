package dev.soapbench.accounts;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.UUID;

/** A token as shown once, at creation; only its hash is kept. {@code project} is null for none. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CreatedToken(UUID id, String name, String token, String project) {}
