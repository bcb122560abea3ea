package dev.soapbench.jaxws.drive;

import dev.soapbench.jvmsupport.drive.DriveLoop;
import dev.soapbench.jvmsupport.drive.DriveOptions;
import dev.soapbench.jaxws.EndpointDescription;
import dev.soapbench.jaxws.samples.SampleRequests;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.WebServiceFeature;
import jakarta.xml.ws.soap.MTOMFeature;
import jakarta.xml.ws.soap.SOAPBinding;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Driver is the native client: the stack's own generated client (the JAX-WS service class and
 * the generated types) sends the request sequence of a requests folder, cycled, from C threads
 * until N requests are answered, and prints one JSON summary line with an HdrHistogram of the
 * latencies in microseconds. With {@code --mtom} every request is an XOP package.
 *
 * <p>{@code Driver --build DIR --endpoint URL --requests DIR --concurrency C --count N [--warmup W] [--mtom]}
 */
public final class Driver {
    private Driver() {}

    public static void main(String[] args) {
        quietLogging();
        DriveLoop.main(args, Driver::clients);
    }

    /** Leaves warnings only: stdout carries the one JSON line. */
    public static void quietLogging() {
        // stdout carries the one JSON line; the stack's start-up chatter would only bury errors on stderr.
        Logger root = LogManager.getLogManager().getLogger("");
        root.setLevel(Level.WARNING);
        for (Handler handler : root.getHandlers()) {
            handler.setLevel(Level.WARNING);
        }
    }

    static List<DriveLoop.Client> clients(DriveOptions options) throws Exception {
        return clients(options, "");
    }

    /**
     * The clients, on the build's WSDL under {@code wsdlFolder} (relative to the build; "" for the
     * server's own copy): a stack whose client reads its configuration from the WSDL (Metro's
     * secured client) keeps a copy of its own.
     */
    public static List<DriveLoop.Client> clients(DriveOptions options, String wsdlFolder) throws Exception {
        boolean mtom = options.mtom();
        EndpointDescription endpoint = EndpointDescription.read(options.build());
        Class<?> serviceInterface = Class.forName(endpoint.serviceInterface());
        List<SampleRequests.Call> calls = SampleRequests.bind(serviceInterface, options.requests());
        Service service = Service.create(options.build().resolve(wsdlFolder + endpoint.wsdl()).toUri().toURL(), endpoint.service());
        // Threshold 0: every base64Binary value travels as a binary part, however small, as the
        // servers built with --mtom send theirs, so the two sides of a measurement do the same work.
        WebServiceFeature[] features = mtom ? new WebServiceFeature[] {new MTOMFeature(true, 0)} : new WebServiceFeature[0];

        // One proxy per thread: JAX-WS does not promise that a proxy is thread-safe.
        List<DriveLoop.Client> clients = new ArrayList<>();
        for (int i = 0; i < options.concurrency(); i++) {
            Object port = service.getPort(endpoint.port(), serviceInterface, features);
            BindingProvider provider = (BindingProvider) port;
            provider.getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, options.endpoint());
            if (mtom) {
                // The feature is the standard switch; the binding's own is set too, so a stack that
                // reads only one of them still sends MTOM, and a binding that cannot fails here, not
                // silently inline.
                ((SOAPBinding) provider.getBinding()).setMTOMEnabled(true);
            }
            clients.add(n -> {
                SampleRequests.Call call = calls.get((int) (n % calls.size()));
                call.method().invoke(port, call.freshArguments());
            });
        }
        return clients;
    }
}
