package dev.soapbench.accounts;

import java.util.UUID;

/** A token as shown once, at creation; only its hash is kept. */
public record CreatedToken(UUID id, String name, String token) {}
