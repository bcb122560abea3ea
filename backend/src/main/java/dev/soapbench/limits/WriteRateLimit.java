package dev.soapbench.limits;

import dev.soapbench.accounts.Accounts;
import dev.soapbench.common.ApiProblem;
import io.github.bucket4j.TimeMeter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Limits the writes that create work or credentials (submitting a run, starting a study, creating a
 * token) per caller: the API token when a known one is presented, else the client address. Reads are
 * never limited.
 */
@Configuration
class WriteRateLimit implements WebMvcConfigurer, HandlerInterceptor {

    private final Accounts accounts;
    private final WriteBuckets buckets;

    WriteRateLimit(
            Accounts accounts,
            @Value("${soapbench.rate-limit.writes-per-minute:30}") int writesPerMinute,
            @Value("${soapbench.rate-limit.burst:10}") int burst,
            @Value("${soapbench.rate-limit.max-callers:100000}") long maxCallers) {
        this.accounts = accounts;
        this.buckets = new WriteBuckets(writesPerMinute, burst, maxCallers, TimeMeter.SYSTEM_NANOTIME);
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this).addPathPatterns("/api/v1/runs", "/api/v1/tokens", "/api/v1/studies/*/runs");
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!"POST".equals(request.getMethod())) {
            return true;
        }
        Duration wait = buckets.tryWrite(callerKey(request)).orElse(null);
        if (wait == null) {
            return true;
        }
        long seconds = wholeSecondsUp(wait);
        throw ApiProblem.tooManyRequests(
                "Too many writes: each caller may make " + buckets.writesPerMinute() + " per minute, in bursts of "
                        + buckets.burst() + ". Try again in " + seconds + (seconds == 1 ? " second." : " seconds."),
                seconds);
    }

    static long wholeSecondsUp(Duration wait) {
        return Math.max(1, wait.toSeconds() + (wait.toNanosPart() > 0 ? 1 : 0));
    }

    private String callerKey(HttpServletRequest request) {
        return accounts.knownTokenId(request.getHeader(HttpHeaders.AUTHORIZATION))
                .map(id -> "token:" + id)
                .orElseGet(() -> "address:" + request.getRemoteAddr());
    }
}
