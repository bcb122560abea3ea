package dev.soapbench.projects;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class AcknowledgementRepository {

    private final JdbcClient jdbc;

    AcknowledgementRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Acknowledgement insert(Acknowledgement a, UUID tokenId) {
        OffsetDateTime at = jdbc.sql(
                        """
                        INSERT INTO acknowledgements (id, project, commit_sha, branch, stack, metric, reason, token_id)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING created_at
                        """)
                .params(a.id(), a.project(), a.commit(), a.branch(), a.stack(), a.metric(), a.reason(), tokenId)
                .query(OffsetDateTime.class)
                .single();
        return new Acknowledgement(a.id(), a.project(), a.commit(), a.branch(), a.stack(), a.metric(), a.reason(), at);
    }

    /** The project's acknowledgements in force, oldest first. */
    List<Acknowledgement> active(String project) {
        return jdbc.sql(
                        """
                        SELECT id, project, commit_sha, branch, stack, metric, reason, created_at
                        FROM acknowledgements WHERE project = ? AND withdrawn_at IS NULL
                        ORDER BY created_at, id
                        """)
                .param(project)
                .query((rs, row) -> new Acknowledgement(
                        rs.getObject("id", UUID.class),
                        rs.getString("project"),
                        rs.getString("commit_sha"),
                        rs.getString("branch"),
                        rs.getString("stack"),
                        rs.getString("metric"),
                        rs.getString("reason"),
                        rs.getObject("created_at", OffsetDateTime.class)))
                .list();
    }

    /** The project of an acknowledgement in force; null when there is none with this id. */
    String projectOfActive(UUID id) {
        return jdbc.sql("SELECT project FROM acknowledgements WHERE id = ? AND withdrawn_at IS NULL")
                .param(id)
                .query(String.class)
                .optional()
                .orElse(null);
    }

    void withdraw(UUID id) {
        jdbc.sql("UPDATE acknowledgements SET withdrawn_at = now() WHERE id = ? AND withdrawn_at IS NULL")
                .param(id)
                .update();
    }
}
