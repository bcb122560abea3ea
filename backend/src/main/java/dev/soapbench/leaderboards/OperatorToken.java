package dev.soapbench.leaderboards;

import dev.soapbench.common.ApiProblem;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.stereotype.Component;

/**
 * The operator's calls carry {@code Authorization: Bearer <soapbench.leaderboards.operator-token>}
 * (SOAPBENCH_OPERATOR_TOKEN). Without a configured token every such call is refused: an operator
 * has to choose one.
 */
@Component
class OperatorToken {

    private final byte[] expected;

    OperatorToken(LeaderboardSettings settings) {
        this.expected = settings.operatorToken() == null
                ? null
                : settings.operatorToken().getBytes(StandardCharsets.UTF_8);
    }

    void check(String authorization) {
        if (expected == null) {
            throw ApiProblem.forbidden("This server has no operator token (SOAPBENCH_OPERATOR_TOKEN), so it takes no"
                    + " operator calls.");
        }
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw ApiProblem.unauthorized("An operator call needs 'Authorization: Bearer <operator token>'.");
        }
        byte[] given = authorization.substring(7).trim().getBytes(StandardCharsets.UTF_8);
        // Compared in constant time: the answer's timing says nothing about how much of it matched.
        if (!MessageDigest.isEqual(given, expected)) {
            throw ApiProblem.forbidden("That is not this server's operator token.");
        }
    }
}
