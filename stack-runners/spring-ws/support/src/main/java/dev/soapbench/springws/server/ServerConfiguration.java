package dev.soapbench.springws.server;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.ws.config.annotation.EnableWs;
import org.springframework.ws.soap.SoapVersion;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;

/**
 * ServerConfiguration is what every build serves with: Spring-WS's annotation support
 * ({@code @EnableWs}: {@code @Endpoint} classes, JAXB payload arguments, {@code @SoapFault}) and
 * the SAAJ message factory of the published port's SOAP version, under the name
 * MessageDispatcherServlet looks up.
 */
@Configuration(proxyBeanMethods = false)
@EnableWs
public class ServerConfiguration {

    @Bean
    public SaajSoapMessageFactory messageFactory(BuildFolder build) {
        SaajSoapMessageFactory factory = new SaajSoapMessageFactory();
        boolean soap12 = "1.2".equals(build.description().soapVersion());
        factory.setSoapVersion(soap12 ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11);
        return factory;
    }
}
