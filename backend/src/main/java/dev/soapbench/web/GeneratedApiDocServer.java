package dev.soapbench.web;

import dev.soapbench.common.SoapBenchProperties;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The generated API document names the public address as its server, whoever asks. */
@Configuration
class GeneratedApiDocServer {

    @Bean
    OpenAPI openApiWithPublicServer(SoapBenchProperties properties) {
        return new OpenAPI().servers(List.of(new Server().url(properties.publicUrl())));
    }
}
