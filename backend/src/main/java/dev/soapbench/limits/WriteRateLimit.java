package dev.soapbench.limits;

import dev.soapbench.accounts.Accounts;
import dev.soapbench.common.ApiProblem;
import io.github.bucket4j.TimeMeter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Limits the writes that create work or credentials (submitting a run, starting a study, creating a
 * token): every write counts against the client address, and a write with a known API token also
 * against the token, so tokens minted from one address never multiply what it may write. Creating
 * a token is limited per address besides. Reads are never limited.
 */
@Configuration
class WriteRateLimit implements WebMvcConfigurer, HandlerInterceptor {

    private static final String TOKENS_PATH = "/api/v1/tokens";

    private final Accounts accounts;
    private final WriteBuckets buckets;
    private final WriteBuckets mints;

    WriteRateLimit(
            Accounts accounts,
            @Value("${soapbench.rate-limit.writes-per-minute:30}") int writesPerMinute,
            @Value("${soapbench.rate-limit.burst:10}") int burst,
            @Value("${soapbench.rate-limit.max-callers:100000}") long maxCallers,
            @Value("${soapbench.limits.tokens-per-hour:5}") int tokensPerHour) {
        this.accounts = accounts;
        this.buckets = new WriteBuckets(writesPerMinute, burst, maxCallers, TimeMeter.SYSTEM_NANOTIME);
        this.mints = new WriteBuckets(
                "soapbench.limits.tokens-per-hour",
                tokensPerHour,
                Duration.ofHours(1),
                tokensPerHour,
                maxCallers,
                TimeMeter.SYSTEM_NANOTIME);
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this)
                .addPathPatterns(
                        "/api/v1/runs", "/api/v1/interop", TOKENS_PATH, "/api/v1/studies/*/runs", "/api/v1/analyses");
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!"POST".equals(request.getMethod())) {
            return true;
        }
        String address = "address:" + request.getRemoteAddr();
        Optional<String> token = accounts.knownTokenId(request.getHeader(HttpHeaders.AUTHORIZATION))
                .map(id -> "token:" + id);
        Optional<Duration> wait = token.flatMap(buckets::tryWrite).or(() -> buckets.tryWrite(address));
        if (wait.isPresent()) {
            long seconds = wholeSecondsUp(wait.get());
            throw ApiProblem.tooManyRequests(
                    "Too many writes: each caller and each address may make " + buckets.refill()
                            + " per minute, in bursts of " + buckets.burst() + ". Try again in " + seconds
                            + (seconds == 1 ? " second." : " seconds."),
                    seconds);
        }
        if (request.getRequestURI().equals(TOKENS_PATH)) {
            Optional<Duration> mintWait = mints.tryWrite(address);
            if (mintWait.isPresent()) {
                long seconds = wholeSecondsUp(mintWait.get());
                throw ApiProblem.tooManyRequests(
                        "Too many tokens: each address may create " + mints.refill()
                                + " API tokens per hour. Try again in " + seconds
                                + (seconds == 1 ? " second." : " seconds."),
                        seconds);
            }
        }
        return true;
    }

    static long wholeSecondsUp(Duration wait) {
        return Math.max(1, wait.toSeconds() + (wait.toNanosPart() > 0 ? 1 : 0));
    }
}
