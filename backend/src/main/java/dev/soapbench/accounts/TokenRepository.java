package dev.soapbench.accounts;

import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class TokenRepository {

    private final JdbcClient jdbc;

    TokenRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    record Known(UUID id, String mintedFrom, String project) {}

    void insert(UUID id, String name, String tokenHash, String mintedFrom, String project) {
        jdbc.sql("INSERT INTO api_tokens (id, name, token_hash, minted_from, project) VALUES (?, ?, ?, ?, ?)")
                .params(id, name, tokenHash, mintedFrom, project)
                .update();
    }

    Optional<Known> findByHash(String tokenHash) {
        return jdbc.sql("SELECT id, minted_from, project FROM api_tokens WHERE token_hash = ?")
                .param(tokenHash)
                .query((rs, row) ->
                        new Known(rs.getObject("id", UUID.class), rs.getString("minted_from"), rs.getString("project")))
                .optional();
    }
}
