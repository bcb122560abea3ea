package dev.soapbench.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * springdoc's generated API document costs seconds of CPU to compute; it is computed once, by the
 * first caller, and every later caller gets those bytes. Its server is the configured public
 * address ({@link GeneratedApiDocServer}), never the caller's Host header, so the one copy is right
 * for everyone.
 */
@Component
class GeneratedApiDocCache extends OncePerRequestFilter {

    private record Document(String contentType, byte[] body) {}

    private final String path;
    private final ReentrantLock computing = new ReentrantLock();
    private volatile Document document;

    GeneratedApiDocCache(@Value("${springdoc.api-docs.path:/v3/api-docs}") String path) {
        this.path = path;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"GET".equals(request.getMethod()) || !path.equals(request.getRequestURI());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (document == null) {
            // One computation at a time: parallel first callers wait for it instead of each paying.
            computing.lock();
            try {
                if (document == null) {
                    ContentCachingResponseWrapper captured = new ContentCachingResponseWrapper(response);
                    chain.doFilter(request, captured);
                    if (captured.getStatus() == 200) {
                        document = new Document(captured.getContentType(), captured.getContentAsByteArray());
                    }
                    captured.copyBodyToResponse();
                    return;
                }
            } finally {
                computing.unlock();
            }
        }
        Document cached = document;
        response.setContentType(cached.contentType());
        response.setContentLength(cached.body().length);
        response.getOutputStream().write(cached.body());
    }
}
