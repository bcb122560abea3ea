package dev.soapbench.runs;

import dev.soapbench.wsdl.SampleGenerator;
import dev.soapbench.wsdl.WsdlAnalyzer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The WSDL package is plain Java (testable without Spring); its services become beans here. */
@Configuration
class WsdlConfiguration {

    @Bean
    WsdlAnalyzer wsdlAnalyzer() {
        return new WsdlAnalyzer();
    }

    @Bean
    SampleGenerator sampleGenerator() {
        return new SampleGenerator();
    }
}
