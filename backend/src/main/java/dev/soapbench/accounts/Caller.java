package dev.soapbench.accounts;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Who is calling: the API token presented, if any, the client address, and the address the token
 * was minted from. Controllers receive it as a parameter.
 *
 * @param address the client address of this request; "unknown" where there is no request
 * @param mintedFrom the address that created the token, when it was recorded
 * @param project the CI project the token is scoped to: it acts for that project only
 */
public record Caller(Optional<UUID> tokenId, String address, Optional<String> mintedFrom, Optional<String> project) {

    public Caller(Optional<UUID> tokenId) {
        this(tokenId, "unknown", Optional.empty());
    }

    public Caller(Optional<UUID> tokenId, String address, Optional<String> mintedFrom) {
        this(tokenId, address, mintedFrom, Optional.empty());
    }

    public static Caller anonymous() {
        return anonymous("unknown");
    }

    public static Caller anonymous(String address) {
        return new Caller(Optional.empty(), address, Optional.empty());
    }

    public boolean isAnonymous() {
        return tokenId.isEmpty();
    }

    /** Whether the caller presents a token scoped to {@code name}. */
    public boolean actsFor(String name) {
        return project.filter(p -> p.equals(name)).isPresent();
    }

    public boolean owns(UUID ownerTokenId) {
        return ownerTokenId != null && tokenId.filter(ownerTokenId::equals).isPresent();
    }

    /**
     * The keys whose work quotas this caller's submissions count against: the address for an
     * anonymous caller; the token and the address that minted it otherwise, so that minting more
     * tokens from one address never adds to what that address may queue.
     */
    public List<String> quotaKeys() {
        if (tokenId.isEmpty()) {
            return List.of("address:" + address);
        }
        List<String> keys = new ArrayList<>();
        keys.add("token:" + tokenId.get());
        mintedFrom.ifPresent(origin -> keys.add("address:" + origin));
        return List.copyOf(keys);
    }
}
