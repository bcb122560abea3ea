package dev.soapbench.jvmhost;

import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.UnavailableException;
import java.io.IOException;

/**
 * GuardedServlet wraps a stack's servlet so that a failure in its init (a broken build, a sample
 * that does not bind) is kept for the host to report in one line, where Tomcat would only log it
 * and keep serving 404s.
 */
final class GuardedServlet implements Servlet {
    private final Servlet stack;
    private volatile Throwable initFailure;

    GuardedServlet(Servlet stack) {
        this.stack = stack;
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        try {
            stack.init(config);
        } catch (Throwable failure) {
            initFailure = failure;
            throw new UnavailableException("the stack's servlet failed to start");
        }
    }

    Throwable initFailure() {
        return initFailure;
    }

    @Override
    public ServletConfig getServletConfig() {
        return stack.getServletConfig();
    }

    @Override
    public void service(ServletRequest request, ServletResponse response) throws ServletException, IOException {
        stack.service(request, response);
    }

    @Override
    public String getServletInfo() {
        return stack.getServletInfo();
    }

    @Override
    public void destroy() {
        stack.destroy();
    }
}
