package dev.soapbench.leaderboards;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the service keeps its leaderboards (docs/leaderboards.md).
 *
 * @param file the boards' fixed workloads (wsdl-catalog/leaderboards.json)
 * @param schema the schema that file is checked against at start-up
 * @param automatic schedule official runs by itself: a board never measured, one older than {@code
 *     period}, one whose stacks' versions changed in the workers' heartbeats; when false only an
 *     operator's request schedules one
 * @param period how old a board's last official run may get before it is measured again
 * @param retryAfter how long a board whose official run failed waits before the next attempt
 * @param tick how often the scheduler looks at the boards and the queue
 * @param operatorToken the secret of the operator's calls; none configured refuses them all
 */
@ConfigurationProperties("soapbench.leaderboards")
public record LeaderboardSettings(
        String file,
        String schema,
        Boolean automatic,
        Duration period,
        Duration retryAfter,
        Duration tick,
        String operatorToken) {

    public LeaderboardSettings {
        automatic = automatic == null || automatic;
        period = period == null ? Duration.ofDays(7) : period;
        retryAfter = retryAfter == null ? Duration.ofHours(6) : retryAfter;
        tick = tick == null ? Duration.ofSeconds(10) : tick;
        operatorToken = operatorToken == null || operatorToken.isBlank() ? null : operatorToken;
        if (period.isNegative() || period.isZero()) {
            throw new IllegalStateException("soapbench.leaderboards.period must be positive");
        }
    }
}
