package dev.soapbench.accounts;

import java.util.Optional;
import java.util.UUID;

/** Who is calling: the API token presented, if any. Controllers receive it as a parameter. */
public record Caller(Optional<UUID> tokenId) {

    public static Caller anonymous() {
        return new Caller(Optional.empty());
    }

    public boolean isAnonymous() {
        return tokenId.isEmpty();
    }

    public boolean owns(UUID ownerTokenId) {
        return ownerTokenId != null && tokenId.filter(ownerTokenId::equals).isPresent();
    }
}
