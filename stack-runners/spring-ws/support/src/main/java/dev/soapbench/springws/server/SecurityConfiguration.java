package dev.soapbench.springws.server;

import dev.soapbench.springws.security.SecurityInterceptors;
import dev.soapbench.springws.security.SecuritySettings;
import java.io.IOException;
import java.security.GeneralSecurityException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.ws.soap.server.SoapMessageDispatcher;
import org.springframework.ws.transport.http.MessageDispatcherServlet;

/**
 * SecurityConfiguration is what a secured build serves with beside {@link ServerConfiguration}:
 * under the name MessageDispatcherServlet looks the message receiver up by, a
 * {@link SecuredMessageReceiver} holding the server's Wss4jSecurityInterceptor for the build's
 * security mode and Spring-WS's own SOAP dispatcher (a bean, so it finds the context's endpoint
 * mappings, adapters and exception resolvers as the servlet's default one does).
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration {

    @Bean
    public SoapMessageDispatcher soapMessageDispatcher() {
        return new SoapMessageDispatcher();
    }

    @Bean(name = MessageDispatcherServlet.DEFAULT_MESSAGE_RECEIVER_BEAN_NAME)
    public SecuredMessageReceiver messageReceiver(BuildFolder build, SoapMessageDispatcher dispatcher)
            throws IOException, GeneralSecurityException {
        SecuritySettings settings = SecuritySettings.read(build.path());
        return new SecuredMessageReceiver(SecurityInterceptors.server(settings, build.description().soapVersion()), dispatcher);
    }
}
