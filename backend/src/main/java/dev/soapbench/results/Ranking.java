package dev.soapbench.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ranks by median, treating stacks whose intervals overlap as tied. Overlap is not transitive, so
 * the shared rank goes to every stack connected through overlaps (a connected component): two
 * stacks that overlap always share a rank, and {@code tiedWith} lists only the direct overlaps.
 */
public final class Ranking {

    public record Entry(String key, MedianInterval interval) {}

    public record Place(int rank, List<String> tiedWith) {}

    private Ranking() {}

    /** Competition ranking (1, 1, 3): a group's rank is one more than the stacks in better groups. */
    public static Map<String, Place> rank(List<Entry> entries) {
        int n = entries.size();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (int i = 0; i < n; i++) {
            for (int k = i + 1; k < n; k++) {
                if (entries.get(i).interval().overlaps(entries.get(k).interval())) {
                    parent[root(parent, i)] = root(parent, k);
                }
            }
        }
        Map<Integer, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            groups.computeIfAbsent(root(parent, i), root -> new ArrayList<>()).add(i);
        }
        List<List<Integer>> ordered = new ArrayList<>(groups.values());
        ordered.sort(Comparator.comparingDouble((List<Integer> group) -> group.stream()
                        .mapToDouble(i -> entries.get(i).interval().median())
                        .max()
                        .orElseThrow())
                .reversed());
        Map<String, Place> places = new LinkedHashMap<>();
        int better = 0;
        for (List<Integer> group : ordered) {
            for (int i : group) {
                List<String> tied = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    if (k != i
                            && entries.get(i).interval().overlaps(entries.get(k).interval())) {
                        tied.add(entries.get(k).key());
                    }
                }
                places.put(entries.get(i).key(), new Place(better + 1, List.copyOf(tied)));
            }
            better += group.size();
        }
        return places;
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }
}
