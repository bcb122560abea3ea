package dev.soapbench.web;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.CacheControl;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.resource.EncodedResourceResolver;

/**
 * The UI's built assets carry a content hash in their names (Vite's {@code assets/name-hash.js}), so
 * a browser may keep them for a year without asking again: a new build has new names. index.html
 * and everything else stays revalidated (Spring's default), so a deployment reaches every browser
 * on its next page load. Assets stay gzipped as the rest of the UI (application.yaml).
 */
@Configuration
class AssetCaching implements WebMvcConfigurer {

    private final String assetsLocation;

    AssetCaching(@Value("${soapbench.ui-dir:../frontend/dist}") String uiDir) {
        this.assetsLocation = Path.of(uiDir)
                .toAbsolutePath()
                .normalize()
                .resolve("assets")
                .toUri()
                .toString();
    }

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/assets/**")
                .addResourceLocations(assetsLocation.endsWith("/") ? assetsLocation : assetsLocation + "/")
                .setCacheControl(
                        CacheControl.maxAge(Duration.ofDays(365)).cachePublic().immutable())
                .resourceChain(true)
                .addResolver(new EncodedResourceResolver());
    }
}
