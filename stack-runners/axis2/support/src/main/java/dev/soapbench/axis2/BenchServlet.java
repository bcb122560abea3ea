package dev.soapbench.axis2;

import dev.soapbench.axis2.headers.SampleHeaders;
import dev.soapbench.axis2.samples.SampleAnswers;
import dev.soapbench.jvmsupport.samples.SampleException;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.axis2.transport.http.AxisServlet;

/**
 * BenchServlet is Axis2's own AxisServlet, deploying the build's {@code repository/} (init
 * parameters {@code axis2.repository.path} and {@code axis2.xml.path}, set by the runner). For the
 * generic implementation it first binds every sample response into the generated ADB beans, so a
 * sample that does not parse stops the server before it reports ready, and the samples' SOAP header
 * blocks into theirs ({@code header-beans.properties}). A catalog implementation's
 * class is initialised before Axis2 starts, so the data it loads at start-up is ready for the
 * first request and a failure to load it stops the server with its own one-line reason.
 */
public final class BenchServlet extends AxisServlet {
    @Override
    public void init(ServletConfig config) throws ServletException {
        String buildParameter = config.getInitParameter("build");
        if (buildParameter == null) {
            throw new ServletException("init parameter build (the build folder) is missing");
        }
        Path build = Path.of(buildParameter).toAbsolutePath();
        Properties endpoint = new Properties();
        try (Reader reader = Files.newBufferedReader(build.resolve("endpoint.properties"), StandardCharsets.UTF_8)) {
            SystemPropertiesFile.apply(build);
            endpoint.load(reader);
            if (Boolean.parseBoolean(endpoint.getProperty("generic"))) {
                Class<?> skeleton = Class.forName(endpoint.getProperty("skeletonInterface"));
                SampleAnswers.install(skeleton, SampleAnswers.bind(skeleton, build.resolve("samples")));
                SampleHeaders.install(SampleHeaders.load(build, skeleton.getClassLoader()));
            } else if (endpoint.getProperty("implementation") != null) {
                Class.forName(endpoint.getProperty("implementation"), true, getClass().getClassLoader());
            }
        } catch (IOException | ClassNotFoundException | SampleException e) {
            throw new ServletException(e.getMessage(), e);
        } catch (ExceptionInInitializerError e) {
            Throwable reason = e.getCause() == null ? e : e.getCause();
            throw new ServletException(reason.getMessage(), reason);
        }
        super.init(config);
    }
}
