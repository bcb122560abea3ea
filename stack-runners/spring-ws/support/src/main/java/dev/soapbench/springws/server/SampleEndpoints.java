package dev.soapbench.springws.server;

import dev.soapbench.jvmsupport.samples.SampleException;
import dev.soapbench.springws.BuildDescription;
import dev.soapbench.springws.samples.SampleBinding;
import dev.soapbench.springws.samples.SampleOperation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.ws.server.endpoint.adapter.MessageEndpointAdapter;
import org.springframework.ws.server.endpoint.mapping.PayloadRootQNameEndpointMapping;
import org.springframework.ws.soap.server.endpoint.mapping.SoapActionEndpointMapping;

/**
 * SampleEndpoints is the generic implementation of a user's WSDL: one {@link SampleEndpoint} per
 * operation, found by Spring-WS's own mappings (the payload root first, the SOAP action for a
 * request with an empty Body), each answering the operation's sample response.
 */
@Configuration(proxyBeanMethods = false)
public class SampleEndpoints {

    @Bean
    public Jaxb2Marshaller marshaller(BuildFolder build) {
        Jaxb2Marshaller marshaller = new Jaxb2Marshaller();
        marshaller.setContextPath(build.description().contextPath());
        return marshaller;
    }

    @Bean
    public List<SampleOperation> sampleOperations(BuildFolder build) throws SampleException {
        SampleBinding binding = new SampleBinding(
                SampleBinding.context(build.description().contextPath(), SampleEndpoints.class.getClassLoader()));
        return SampleOperation.readAll(build.path().resolve(BuildDescription.SAMPLES_FOLDER), binding);
    }

    @Bean
    public PayloadRootQNameEndpointMapping payloadRootMapping(List<SampleOperation> operations, Jaxb2Marshaller marshaller)
            throws SampleException {
        Map<String, SampleEndpoint> endpoints = endpoints(operations, marshaller);
        Map<String, Object> byRoot = new HashMap<>();
        DispatchKeys.of(operations).byPayloadRoot().forEach((root, operation) -> byRoot.put(root.toString(), endpoints.get(operation)));
        PayloadRootQNameEndpointMapping mapping = new PayloadRootQNameEndpointMapping();
        mapping.setEndpointMap(byRoot);
        mapping.setOrder(1);
        return mapping;
    }

    @Bean
    public SoapActionEndpointMapping soapActionMapping(List<SampleOperation> operations, Jaxb2Marshaller marshaller)
            throws SampleException {
        Map<String, SampleEndpoint> endpoints = endpoints(operations, marshaller);
        Map<String, Object> byAction = new HashMap<>();
        DispatchKeys.of(operations).bySoapAction().forEach((action, operation) -> byAction.put(action, endpoints.get(operation)));
        SoapActionEndpointMapping mapping = new SoapActionEndpointMapping();
        mapping.setEndpointMap(byAction);
        mapping.setOrder(2);
        return mapping;
    }

    @Bean
    public MessageEndpointAdapter messageEndpointAdapter() {
        return new MessageEndpointAdapter();
    }

    private static Map<String, SampleEndpoint> endpoints(List<SampleOperation> operations, Jaxb2Marshaller marshaller) {
        Map<String, SampleEndpoint> endpoints = new HashMap<>();
        for (SampleOperation operation : operations) {
            endpoints.put(operation.entry().operation(), new SampleEndpoint(marshaller, operation));
        }
        return endpoints;
    }
}
