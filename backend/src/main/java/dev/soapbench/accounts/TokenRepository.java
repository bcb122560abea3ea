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

    void insert(UUID id, String name, String tokenHash) {
        jdbc.sql("INSERT INTO api_tokens (id, name, token_hash) VALUES (?, ?, ?)")
                .params(id, name, tokenHash)
                .update();
    }

    Optional<UUID> findIdByHash(String tokenHash) {
        return jdbc.sql("SELECT id FROM api_tokens WHERE token_hash = ?")
                .param(tokenHash)
                .query(UUID.class)
                .optional();
    }
}
