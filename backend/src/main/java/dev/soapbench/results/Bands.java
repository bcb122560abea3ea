package dev.soapbench.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Groups stacks into bands of indistinguishable throughput. Ties are not transitive (A ~ B and
 * B ~ C while A beats C), so a band is not "everything tied to something in it": going down the
 * stacks in order, a stack joins the current band only when its own paired comparison with the
 * band's first stack is undecided, else it opens the next band. A band then never holds two stacks
 * that were shown to differ through its first one, and every band after the first is shown slower
 * than the first stack of the band before it.
 */
final class Bands {

    /** @param band dense: 1, 2, 3 */
    public record Place(int band, List<String> tiedWith) {}

    private Bands() {}

    /**
     * @param ordered the stacks, fastest first
     * @param compare the paired comparison of a stack (first argument) against another
     */
    public static Map<String, Place> of(List<String> ordered, BiFunction<String, String, Comparison> compare) {
        List<List<String>> bands = new ArrayList<>();
        for (String stack : ordered) {
            List<String> current = bands.isEmpty() ? null : bands.get(bands.size() - 1);
            if (current != null && compare.apply(stack, current.get(0)).undecided()) {
                current.add(stack);
            } else {
                bands.add(new ArrayList<>(List.of(stack)));
            }
        }
        Map<String, Place> places = new LinkedHashMap<>();
        for (int i = 0; i < bands.size(); i++) {
            List<String> band = bands.get(i);
            for (String stack : band) {
                places.put(
                        stack,
                        new Place(
                                i + 1,
                                band.stream()
                                        .filter(other -> !other.equals(stack))
                                        .toList()));
            }
        }
        return places;
    }
}
