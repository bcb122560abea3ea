package dev.soapbench.springws.drive;

import dev.soapbench.jvmsupport.drive.DriveLoop;
import dev.soapbench.jvmsupport.drive.DriveOptions;
import dev.soapbench.springws.BuildDescription;
import dev.soapbench.springws.samples.SampleBinding;
import dev.soapbench.springws.samples.SampleOperation;
import dev.soapbench.springws.security.SecurityInterceptors;
import dev.soapbench.springws.security.SecuritySettings;
import java.util.ArrayList;
import java.util.List;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.ws.client.core.WebServiceMessageCallback;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.client.support.interceptor.ClientInterceptor;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.SoapVersion;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;

/**
 * Driver is the native client: Spring-WS's WebServiceTemplate, marshalling the requests of a
 * requests folder (bound once into the generated types) and unmarshalling every answer, cycled,
 * from C threads until N requests are answered; the shared DriveLoop times them and prints the
 * one JSON line. A secured build's template secures every request and validates every answer
 * with Spring-WS's Wss4jSecurityInterceptor for the build's security mode (one interceptor for
 * all threads, as an application shares one: it makes WSS4J's request data anew per message);
 * an answer it refuses is an error.
 *
 * <p>{@code Driver --build DIR --endpoint URL --requests DIR --concurrency C --count N [--warmup W]}
 */
public final class Driver {
    private Driver() {}

    public static void main(String[] args) {
        DriveLoop.main(args, Driver::clients);
    }

    static List<DriveLoop.Client> clients(DriveOptions options) throws Exception {
        // The template's default sender is the JDK's HttpURLConnection, whose keep-alive cache holds
        // 5 idle connections per server unless told otherwise: every client thread keeps its own.
        System.setProperty("http.maxConnections", Integer.toString(Math.max(5, options.concurrency())));
        BuildDescription build = BuildDescription.read(options.build());
        SampleBinding binding = new SampleBinding(SampleBinding.context(build.contextPath(), Driver.class.getClassLoader()));
        List<SampleOperation> operations = SampleOperation.readAll(options.requests(), binding);

        Jaxb2Marshaller marshaller = new Jaxb2Marshaller();
        marshaller.setContextPath(build.contextPath());
        marshaller.afterPropertiesSet();
        SaajSoapMessageFactory messageFactory = new SaajSoapMessageFactory();
        messageFactory.setSoapVersion("1.2".equals(build.soapVersion()) ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11);
        messageFactory.afterPropertiesSet();
        ClientInterceptor[] interceptors = build.secured()
                ? new ClientInterceptor[] {SecurityInterceptors.client(SecuritySettings.read(options.build()), build.soapVersion())}
                : new ClientInterceptor[0];

        List<DriveLoop.Client> clients = new ArrayList<>();
        for (int i = 0; i < options.concurrency(); i++) {
            WebServiceTemplate template = new WebServiceTemplate(messageFactory);
            template.setMarshaller(marshaller);
            template.setUnmarshaller(marshaller);
            template.setInterceptors(interceptors);
            clients.add(n -> {
                SampleOperation operation = operations.get((int) (n % operations.size()));
                template.marshalSendAndReceive(options.endpoint(), operation.request(), headers(operation, marshaller));
            });
        }
        return clients;
    }

    /** Sets the operation's SOAP action and adds its request header blocks, marshalled from the generated types. */
    private static WebServiceMessageCallback headers(SampleOperation operation, Jaxb2Marshaller marshaller) {
        return message -> {
            SoapMessage soap = (SoapMessage) message;
            if (!operation.entry().soapAction().isEmpty()) {
                soap.setSoapAction(operation.entry().soapAction());
            }
            for (Object block : operation.requestHeaders()) {
                marshaller.marshal(block, soap.getSoapHeader().getResult());
            }
        };
    }
}
