package dev.soapbench.axis2.drive;

import dev.soapbench.axis2.SystemPropertiesFile;
import dev.soapbench.axis2.samples.SampleRequests;
import dev.soapbench.jvmsupport.drive.DriveLoop;
import dev.soapbench.jvmsupport.drive.DriveOptions;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.axis2.Constants;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.kernel.http.HTTPConstants;

/**
 * Driver is Axis2's native client: the ADB client stub WSDL2Java generated with the server
 * ({@code -g}) sends the request sequence of a requests folder, cycled, from C threads until N
 * requests are answered, and prints one JSON summary line with an HdrHistogram of the latencies
 * in microseconds. Each thread has its own configuration context, so its own HTTP client and one
 * kept-alive connection, as a single-threaded Axis2 client would. With {@code --mtom} every
 * request is an XOP package, ADB writing each {@code base64Binary} value as a part. A secured
 * build's requests go through Rampart with the mode's policy ({@link ClientSecurity}).
 *
 * <p>{@code Driver --build DIR --endpoint URL --requests DIR --concurrency C --count N [--warmup W] [--mtom]}
 */
public final class Driver {
    private Driver() {}

    public static void main(String[] args) {
        DriveLoop.main(args, Driver::clients);
    }

    static List<DriveLoop.Client> clients(DriveOptions options) throws Exception {
        boolean mtom = options.mtom();
        SystemPropertiesFile.apply(options.build());
        Properties endpoint = new Properties();
        try (Reader reader = Files.newBufferedReader(options.build().resolve("endpoint.properties"), StandardCharsets.UTF_8)) {
            endpoint.load(reader);
        }
        String skeletonName = endpoint.getProperty("skeletonInterface");
        Class<?> skeleton = Class.forName(skeletonName);
        Class<?> stubType = Class.forName(skeletonName.replaceFirst("SkeletonInterface$", "Stub"));
        List<SampleRequests.Call> calls = SampleRequests.bind(skeleton, stubType, options.requests());
        ClientSecurity security = ClientSecurity.of(options.build(), endpoint.getProperty("security"));

        List<DriveLoop.Client> clients = new ArrayList<>();
        for (int i = 0; i < options.concurrency(); i++) {
            ConfigurationContext context = security.context();
            Object stub = stubType.getConstructor(ConfigurationContext.class, String.class).newInstance(context, options.endpoint());
            security.apply(((Stub) stub)._getServiceClient());
            Options client = ((Stub) stub)._getServiceClient().getOptions();
            client.setProperty(HTTPConstants.REUSE_HTTP_CLIENT, Boolean.TRUE);
            // Reads each response to its end, so the kept-alive connection is free for the next request.
            client.setCallTransportCleanup(true);
            if (mtom) {
                client.setProperty(Constants.Configuration.ENABLE_MTOM, Constants.VALUE_TRUE);
            }
            clients.add(n -> {
                SampleRequests.Call call = calls.get((int) (n % calls.size()));
                call.stubMethod().invoke(stub, call.arguments());
            });
        }
        return clients;
    }
}
