package dev.soapbench.web;

import java.time.Duration;
import org.apache.catalina.core.StandardHost;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Configuration;

/**
 * What Tomcat itself does at the edge, beyond the server.tomcat.* settings in application.yaml: its
 * own error answers are problem+json ({@link ProblemReportValve}), and a request body must arrive
 * whole within {@code soapbench.limits.body-read-timeout} ({@link BodyReadDeadlineValve}).
 */
@Configuration
class TomcatEdge implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private final Duration bodyReadTimeout;

    TomcatEdge(@Value("${soapbench.limits.body-read-timeout:60s}") Duration bodyReadTimeout) {
        this.bodyReadTimeout = bodyReadTimeout;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ProblemReportValve.class.getName());
            }
        });
        factory.addContextValves(new BodyReadDeadlineValve(bodyReadTimeout));
    }
}
