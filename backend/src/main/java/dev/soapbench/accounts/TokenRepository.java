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

    record Known(UUID id, String mintedFrom) {}

    void insert(UUID id, String name, String tokenHash, String mintedFrom) {
        jdbc.sql("INSERT INTO api_tokens (id, name, token_hash, minted_from) VALUES (?, ?, ?, ?)")
                .params(id, name, tokenHash, mintedFrom)
                .update();
    }

    Optional<Known> findByHash(String tokenHash) {
        return jdbc.sql("SELECT id, minted_from FROM api_tokens WHERE token_hash = ?")
                .param(tokenHash)
                .query((rs, row) -> new Known(rs.getObject("id", UUID.class), rs.getString("minted_from")))
                .optional();
    }
}
