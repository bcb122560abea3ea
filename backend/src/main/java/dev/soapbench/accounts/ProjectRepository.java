package dev.soapbench.accounts;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The projects table: a row is a claimed project (see {@link ProjectClaims}). */
@Repository
class ProjectRepository {

    private final JdbcClient jdbc;

    ProjectRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    boolean exists(String project) {
        return jdbc.sql("SELECT count(*) FROM projects WHERE name = ?")
                        .param(project)
                        .query(Long.class)
                        .single()
                > 0;
    }

    /** False when the row was there already. */
    boolean insertIfAbsent(String project) {
        return jdbc.sql("INSERT INTO projects (name) VALUES (?) ON CONFLICT (name) DO NOTHING")
                        .param(project)
                        .update()
                == 1;
    }
}
