package dev.soapbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RankingTest {

    static Stream<Arguments> rankings() {
        return Stream.of(
                Arguments.of(
                        "disjoint intervals rank by median",
                        List.of(entry("a", 50, 40, 60), entry("b", 150, 140, 160), entry("c", 100, 90, 110)),
                        Map.of("b", 1, "c", 2, "a", 3),
                        Map.of("a", List.of(), "b", List.of(), "c", List.of())),
                Arguments.of(
                        "an overlapping pair shares a rank and the next rank is skipped",
                        List.of(entry("a", 110, 100, 120), entry("b", 120, 115, 130), entry("c", 55, 50, 60)),
                        Map.of("a", 1, "b", 1, "c", 3),
                        Map.of("a", List.of("b"), "b", List.of("a"), "c", List.of())),
                Arguments.of(
                        "a chain of overlaps is one rank; tiedWith lists direct overlaps only",
                        List.of(entry("a", 100, 90, 110), entry("b", 70, 50, 95), entry("c", 45, 40, 60)),
                        Map.of("a", 1, "b", 1, "c", 1),
                        Map.of("a", List.of("b"), "b", List.of("a", "c"), "c", List.of("b"))),
                Arguments.of(
                        "touching bounds overlap",
                        List.of(entry("a", 10, 8, 12), entry("b", 14, 12, 16), entry("c", 30, 20, 40)),
                        Map.of("c", 1, "b", 2, "a", 2),
                        Map.of("a", List.of("b"), "b", List.of("a"), "c", List.of())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rankings")
    void ranksWithTies(
            String name, List<Ranking.Entry> entries, Map<String, Integer> ranks, Map<String, List<String>> tiedWith) {
        Map<String, Ranking.Place> places = Ranking.rank(entries);

        assertThat(places).hasSize(entries.size());
        ranks.forEach((key, rank) -> assertThat(places.get(key).rank()).as(key).isEqualTo(rank));
        tiedWith.forEach((key, tied) ->
                assertThat(places.get(key).tiedWith()).as(key).containsExactlyInAnyOrderElementsOf(tied));
    }

    private static Ranking.Entry entry(String key, double median, double low, double high) {
        return new Ranking.Entry(key, new MedianInterval(median, low, high, 6, 0.97, false, high, low));
    }
}
