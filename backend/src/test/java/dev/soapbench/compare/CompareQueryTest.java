package dev.soapbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.soapbench.common.ApiProblem;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

class CompareQueryTest {

    @Test
    void runsAreReadInOrderAndTheBaselineIsKeptAsGiven() {
        CompareQuery query = CompareQuery.parse(" aaaa , bbbb,cccc", " bbbb ");

        assertThat(query.runs()).containsExactly("aaaa", "bbbb", "cccc");
        assertThat(query.baseline()).isEqualTo("bbbb");
        assertThat(CompareQuery.parse("aaaa", "").baseline()).isNull();
    }

    @Test
    void badListsAreRefusedWith400NamingRuns() {
        assertRefused(null, "Name the runs to compare");
        assertRefused(" ", "Name the runs to compare");
        assertRefused("aaaa,,bbbb", "empty entry");
        assertRefused("aaaa,bbbb,aaaa", "Run 'aaaa' is named twice");
        assertRefused("a1,a2,a3,a4,a5,a6", "At most 5 runs can be compared at once, not 6.");
        assertRefused("aaaa,bb\u0000bb", "'bb?bb' in 'runs' is not a run id or share slug.");
        assertRefused("aaaa,../etc", "is not a run id or share slug");
    }

    @Test
    void fiveRunsAreTheMost() {
        assertThat(CompareQuery.parse("a1,a2,a3,a4,a5", null).runs()).hasSize(5);
        assertThat(CompareQuery.parse("11111111-1111-1111-1111-111111111111,k3x9q2mZ0a", null)
                        .runs())
                .hasSize(2);
    }

    @Test
    void runsOfDifferentWsdlsCompareOnlyWhenAsked() {
        assertThat(CompareQuery.parse("aaaa,bbbb", null).wsdlMayDiffer()).isFalse();
        assertThat(CompareQuery.parse("aaaa,bbbb", null, "same").wsdlMayDiffer())
                .isFalse();
        assertThat(CompareQuery.parse("aaaa,bbbb", null, " may-differ ").wsdlMayDiffer())
                .isTrue();
        assertThatThrownBy(() -> CompareQuery.parse("aaaa,bbbb", null, "any"))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> {
                    assertThat(problem.status()).isEqualTo(HttpStatus.BAD_REQUEST);
                    assertThat(problem.getMessage()).contains("'wsdl' is 'any'");
                    assertThat(problem.errors()).singleElement().satisfies(e -> assertThat(e.field())
                            .isEqualTo("wsdl"));
                });
    }

    private static void assertRefused(String runs, String detail) {
        assertThatThrownBy(() -> CompareQuery.parse(runs, null)).isInstanceOfSatisfying(ApiProblem.class, problem -> {
            assertThat(problem.status()).isEqualTo(HttpStatus.BAD_REQUEST);
            assertThat(problem.getMessage()).contains(detail);
            assertThat(problem.errors()).singleElement().satisfies(e -> assertThat(e.field())
                    .isEqualTo("runs"));
        });
    }
}
