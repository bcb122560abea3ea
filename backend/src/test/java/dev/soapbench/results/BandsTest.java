package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

class BandsTest {

    @Test
    void aChainOfTiesIsCutWhereTheBandsFirstStackIsBeaten() {
        // a ~ b and b ~ c, but a beats c: c is not in a's band even though it is tied with b.
        Map<String, Bands.Place> places = Bands.of(List.of("a", "b", "c"), verdicts(Set.of("a~b", "b~c")));

        assertThat(places.get("a")).isEqualTo(new Bands.Place(1, List.of("b")));
        assertThat(places.get("b")).isEqualTo(new Bands.Place(1, List.of("a")));
        assertThat(places.get("c")).isEqualTo(new Bands.Place(2, List.of()));
    }

    @Test
    void aLaterBandIsJoinedByComparisonWithItsOwnFirstStack() {
        // d is beaten by a but tied with c, which leads the second band.
        Map<String, Bands.Place> places =
                Bands.of(List.of("a", "b", "c", "d", "e"), verdicts(Set.of("a~b", "c~d", "b~c", "d~e")));

        assertThat(places)
                .extractingFromEntries(
                        entry -> entry.getKey() + entry.getValue().band())
                .containsExactly("a1", "b1", "c2", "d2", "e3");
        assertThat(places.get("c").tiedWith()).containsExactly("d");
    }

    @Test
    void stacksThatDifferFromEachOtherHaveABandEachAndTheyAreDense() {
        Map<String, Bands.Place> places = Bands.of(List.of("a", "b", "c"), verdicts(Set.of()));

        assertThat(places.values()).extracting(Bands.Place::band).containsExactly(1, 2, 3);
    }

    @Test
    void aComparisonWithoutEnoughRoundsShowsNoDifference() {
        Map<String, Bands.Place> places = Bands.of(
                List.of("a", "b"),
                (stack, leader) -> new Comparison(
                        stack, leader, 2, null, null, null, null, "not-enough-data", null, "", List.of(), List.of()));

        assertThat(places.get("b").band()).isEqualTo(1);
    }

    /** Ties between the named pairs ("a~b"), in either order; every other pair is told apart. */
    private static BiFunction<String, String, Comparison> verdicts(Set<String> ties) {
        return (stack, leader) -> {
            boolean tied = ties.contains(leader + "~" + stack) || ties.contains(stack + "~" + leader);
            return new Comparison(
                    stack,
                    leader,
                    6,
                    tied ? 0.99 : 0.5,
                    tied ? 0.9 : 0.4,
                    tied ? 1.1 : 0.6,
                    0.96875,
                    tied ? "tied" : "slower",
                    tied ? 1 / 0.99 : 2.0,
                    "",
                    List.of(),
                    List.of());
        };
    }
}
