package dev.soapbench.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The headers every answer carries, errors included; set before anything else runs, so no path
 * (a refusal from a filter, Tomcat's own error answers through {@link ProblemReportValve}) misses
 * them. The single-page application and Swagger UI load scripts from files only; styles may be
 * inline, as chart libraries set them on their elements.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class SecurityHeaders extends OncePerRequestFilter {

    static final Map<String, String> HEADERS = Map.of(
            "X-Content-Type-Options",
            "nosniff",
            "X-Frame-Options",
            "DENY",
            "Referrer-Policy",
            "no-referrer",
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:;"
                    + " connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self';"
                    + " form-action 'self'; frame-ancestors 'none'");

    static void apply(HttpServletResponse response) {
        HEADERS.forEach(response::setHeader);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        apply(response);
        chain.doFilter(request, response);
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }
}
