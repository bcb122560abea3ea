package dev.soapbench.accounts;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** API tokens: {@code sbt_} + 32 random base62 characters, stored as SHA-256 only. */
@Service
public class Accounts {

    static final String TOKEN_PREFIX = "sbt_";
    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final TokenRepository tokens;
    private final ProjectClaims claims;

    Accounts(TokenRepository tokens, ProjectClaims claims) {
        this.tokens = tokens;
        this.claims = claims;
    }

    /** A new token, remembering the address it was minted from for the work quota. */
    public CreatedToken createToken(String name, String mintedFrom) {
        return createToken(name, null, mintedFrom, Caller.anonymous(mintedFrom));
    }

    /**
     * A new token, scoped to {@code project} when one is named. The first project token claims the
     * project; later ones are minted only by a caller that presents one of its tokens.
     */
    @Transactional
    public CreatedToken createToken(String name, String project, String mintedFrom, Caller presenter) {
        if (name == null || name.isBlank() || name.length() > 100) {
            throw ApiProblem.badRequest(
                    "A token needs a name of 1 to 100 characters.",
                    ProblemError.inField("name", "between 1 and 100 characters"));
        }
        if (project != null && !ProjectNames.valid(project)) {
            throw ApiProblem.badRequest(
                    "A project name holds " + ProjectNames.RULE + " characters.",
                    ProblemError.inField("project", ProjectNames.RULE));
        }
        if (project != null && !claims.claim(project) && !presenter.actsFor(project)) {
            throw ApiProblem.forbidden("Project '" + project
                    + "' is claimed: send one of its tokens (Authorization: Bearer) to mint another.");
        }
        String token = TOKEN_PREFIX + randomBase62(32);
        UUID id = UUID.randomUUID();
        tokens.insert(id, name.strip(), sha256(token), mintedFrom, project);
        return new CreatedToken(id, name.strip(), token, project);
    }

    /** The caller behind an Authorization header; a header with an unknown token is refused, not ignored. */
    public Caller callerFor(String authorization, String address) {
        if (authorization == null || authorization.isBlank()) {
            return Caller.anonymous(address);
        }
        if (!authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw ApiProblem.unauthorized("The Authorization header must be 'Bearer <token>'.");
        }
        String token = authorization.substring(7).strip();
        TokenRepository.Known known = (token.startsWith(TOKEN_PREFIX)
                        ? tokens.findByHash(sha256(token))
                        : Optional.<TokenRepository.Known>empty())
                .orElseThrow(() -> ApiProblem.unauthorized("The API token is not known."));
        return new Caller(
                Optional.of(known.id()),
                address,
                Optional.ofNullable(known.mintedFrom()),
                Optional.ofNullable(known.project()));
    }

    /** The id of the token an Authorization header presents, if it is a known one; never refuses. */
    public Optional<UUID> knownTokenId(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.empty();
        }
        String token = authorization.substring(7).strip();
        return token.startsWith(TOKEN_PREFIX)
                ? tokens.findByHash(sha256(token)).map(TokenRepository.Known::id)
                : Optional.empty();
    }

    static String randomBase62(int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return out.toString();
    }

    static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
