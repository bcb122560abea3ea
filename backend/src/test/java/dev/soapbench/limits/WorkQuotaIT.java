package dev.soapbench.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.SoapBenchProperties;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/** The work quota against the real PostgreSQL of {@code make test}: one hour per caller, at most 40 min at once. */
@EnabledIfEnvironmentVariable(
        named = "SOAPBENCH_TEST_DB_URL",
        matches = ".+",
        disabledReason = "needs PostgreSQL: run `make test`, or set SOAPBENCH_TEST_DB_URL")
class WorkQuotaIT {

    static TransactionTemplate transaction;
    static WorkQuota quota;

    @BeforeAll
    static void database() {
        DriverManagerDataSource dataSource =
                new DriverManagerDataSource(System.getenv("SOAPBENCH_TEST_DB_URL"), "soapbench", "soapbench");
        Flyway.configure().dataSource(dataSource).load().migrate();
        transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        SoapBenchProperties.Limits limits = new SoapBenchProperties.Limits(
                Duration.ofMinutes(40), Duration.ofHours(1), Duration.ofHours(24), null, null);
        quota = new WorkQuota(
                new WorkCharges(JdbcClient.create(dataSource)),
                new SoapBenchProperties(null, null, null, null, null, null, null, limits));
    }

    static void charge(Caller caller, long seconds) {
        transaction.executeWithoutResult(status -> quota.charge(caller, seconds, "test"));
    }

    static String freshAddress() {
        return "192.0.2." + UUID.randomUUID();
    }

    @Test
    void aCallerMayQueueUpToItsQuotaAndIsThenToldWhenItFrees() {
        Caller caller = Caller.anonymous(freshAddress());
        charge(caller, 1800);
        charge(caller, 1800);

        assertThatThrownBy(() -> charge(caller, 60)).isInstanceOfSatisfying(ApiProblem.class, problem -> {
            assertThat(problem.status()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS);
            // The first charge leaves the 24 h window first.
            assertThat(problem.retryAfterSeconds())
                    .hasValueSatisfying(seconds -> assertThat(seconds).isBetween(23 * 3600L, 24 * 3600L));
            assertThat(problem.properties())
                    .containsEntry("estimatedWorkerSeconds", 60L)
                    .containsEntry("usedWorkerSeconds", 3600L)
                    .containsEntry("limitWorkerSeconds", 3600L);
        });
    }

    @Test
    void oneSubmissionAboveTheMaximumIsUnprocessableWhateverTheQuota() {
        Caller caller = Caller.anonymous(freshAddress());

        assertThatThrownBy(() -> charge(caller, 41 * 60)).isInstanceOfSatisfying(ApiProblem.class, problem -> {
            assertThat(problem.status()).isEqualTo(HttpStatus.UNPROCESSABLE_CONTENT);
            assertThat(problem.properties()).containsEntry("limitWorkerSeconds", 2400L);
        });
        charge(caller, 40 * 60);
    }

    @Test
    void aStudyRunsCellsAreEachHeldToOneSubmissionsSizeAndTogetherToTheQuota() {
        Caller caller = Caller.anonymous(freshAddress());

        // Two cells of 25 min: 50 min together, more than one submission's 40, within the hour.
        chargeRuns(caller, List.of(25 * 60L, 25 * 60L));
        assertThatThrownBy(() -> chargeRuns(Caller.anonymous(freshAddress()), List.of(60L, 41 * 60L)))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.status())
                        .isEqualTo(HttpStatus.UNPROCESSABLE_CONTENT));
        assertThatThrownBy(() -> chargeRuns(caller, List.of(6 * 60L, 6 * 60L)))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS);
                    assertThat(problem.properties())
                            .containsEntry("estimatedWorkerSeconds", 720L)
                            .containsEntry("usedWorkerSeconds", 3000L);
                });
        charge(caller, 10 * 60);
    }

    static void chargeRuns(Caller caller, List<Long> seconds) {
        transaction.executeWithoutResult(status -> quota.chargeRuns(caller, seconds, "test"));
    }

    @Test
    void aNewTokenDoesNotWidenTheQuotaOfTheAddressThatMintedIt() {
        String address = freshAddress();
        charge(Caller.anonymous(address), 1800);
        Caller firstToken = new Caller(Optional.of(UUID.randomUUID()), "198.51.100.1", Optional.of(address));
        charge(firstToken, 1800);
        Caller secondToken = new Caller(Optional.of(UUID.randomUUID()), "198.51.100.2", Optional.of(address));

        assertThatThrownBy(() -> charge(secondToken, 60)).isInstanceOfSatisfying(ApiProblem.class, problem -> {
            assertThat(problem.status()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS);
            assertThat(problem.getMessage()).contains("the address that created this API token");
        });
        assertThatThrownBy(() -> charge(Caller.anonymous(address), 60)).isInstanceOf(ApiProblem.class);
    }

    @Test
    void aRefusedSubmissionCostsNothing() {
        Caller caller = Caller.anonymous(freshAddress());
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
                    quota.charge(caller, 1800, "test");
                    throw new IllegalStateException("the submission failed after its charge");
                }))
                .isInstanceOf(IllegalStateException.class);

        charge(caller, 1800);
        charge(caller, 1800);
    }
}
