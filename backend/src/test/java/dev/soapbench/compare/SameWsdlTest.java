package dev.soapbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

class SameWsdlTest {

    @Test
    void runsOfOneCatalogServiceCompare() {
        SameWsdl.check(List.of(catalog("aaaa", "echo", "d1"), catalog("bbbb", "echo", "d2")));
    }

    @Test
    void runsOfTwoCatalogServicesAreRefusedNamingTheParameter() {
        assertThatThrownBy(() ->
                        SameWsdl.check(List.of(catalog("aaaa", "echo", "d1"), catalog("bbbb", "calculator", "d1"))))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status()).isEqualTo(HttpStatus.UNPROCESSABLE_CONTENT);
                    assertThat(problem.getMessage())
                            .isEqualTo("Runs aaaa (catalog service echo) and bbbb (catalog service calculator) measured"
                                    + " different catalog services; only runs of the same WSDL can be compared.");
                    assertThat(problem.errors()).singleElement().satisfies(e -> assertThat(e.field())
                            .isEqualTo("runs"));
                });
    }

    @Test
    void uploadsCompareByTheirContentNotTheirName() {
        SameWsdl.check(List.of(upload("aaaa", "orders.wsdl", "same"), upload("bbbb", "orders-v2.wsdl", "same")));
        SameWsdl.check(List.of(catalog("aaaa", "echo", "same"), upload("bbbb", "echo.wsdl", "same")));

        assertThatThrownBy(() -> SameWsdl.check(
                        List.of(upload("aaaa", "orders.wsdl", "one"), upload("bbbb", "orders.wsdl", "other"))))
                .isInstanceOf(ApiProblem.class)
                .hasMessageContaining("measured different WSDLs (their bundles' contents differ)");
        assertThatThrownBy(() -> SameWsdl.check(List.of(
                        catalog("aaaa", "echo", "one"),
                        upload("bbbb", "x.wsdl", "one"),
                        upload("cccc", "y.wsdl", "two"))))
                .isInstanceOf(ApiProblem.class)
                .hasMessageContaining("cccc (upload y.wsdl)");
    }

    private static ComparedRun catalog(String slug, String catalog, String digest) {
        return new ComparedRun(UUID.randomUUID(), slug, "completed", catalog, null, digest, null, null);
    }

    private static ComparedRun upload(String slug, String fileName, String digest) {
        return new ComparedRun(UUID.randomUUID(), slug, "completed", null, fileName, digest, null, null);
    }
}
