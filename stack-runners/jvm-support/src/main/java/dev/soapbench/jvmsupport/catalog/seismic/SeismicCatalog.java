package dev.soapbench.jvmsupport.catalog.seismic;

import dev.soapbench.jvmsupport.samples.SampleException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * SeismicCatalog is the quake catalog of the seismic service in memory: loaded once from the TSV
 * files of {@code datasets/seismic/out/}, then queried by time window and latitude/longitude box
 * (the rule of datasets/README.md). It is immutable after loading, so one instance serves any
 * number of request threads.
 */
public final class SeismicCatalog {
    /** The variable naming the repository's datasets/ folder (or a copy of it). */
    public static final String DATASETS_VARIABLE = "SOAPBENCH_DATASETS";

    private static final DateTimeFormatter QUAKE_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'").withResolverStyle(ResolverStyle.STRICT);

    private final Quake[] quakes; // sorted by time
    private final long[] times; // quakes[i].epochSecond(), packed for the binary search
    private final int[] seismicRegions; // the seismic region of quakes[i]
    private final Map<Integer, String> regionNames;
    private final Map<Integer, String> seismicRegionNames;

    private SeismicCatalog(
            Quake[] quakes, int[] seismicRegions, Map<Integer, String> regionNames, Map<Integer, String> seismicRegionNames) {
        this.quakes = quakes;
        this.seismicRegions = seismicRegions;
        this.regionNames = regionNames;
        this.seismicRegionNames = seismicRegionNames;
        this.times = new long[quakes.length];
        for (int i = 0; i < quakes.length; i++) {
            times[i] = quakes[i].epochSecond();
        }
    }

    /** Loads {@code $SOAPBENCH_DATASETS/seismic/out/}; an empty catalog is refused. */
    public static SeismicCatalog loadFromEnvironment() throws SampleException {
        String datasets = System.getenv(DATASETS_VARIABLE);
        if (datasets == null || datasets.isEmpty()) {
            throw new SampleException(DATASETS_VARIABLE
                    + " is not set: it names the datasets/ folder that holds seismic/out/");
        }
        Path folder = Path.of(datasets, "seismic", "out");
        SeismicCatalog catalog = load(folder);
        if (catalog.size() == 0) {
            throw new SampleException("seismic data: no quakes in " + folder.resolve("quakes.tsv"));
        }
        return catalog;
    }

    /**
     * Reads seismic-regions.tsv, regions.tsv and quakes.tsv from folder; a problem is reported in
     * one line naming the file and line.
     */
    public static SeismicCatalog load(Path folder) throws SampleException {
        Map<Integer, String> seismicRegionNames = new HashMap<>();
        try (TsvFile file = TsvFile.open(folder.resolve("seismic-regions.tsv"))) {
            for (List<String> row = file.next(2); row != null; row = file.next(2)) {
                seismicRegionNames.put(parseId(file, row.get(0), "id"), row.get(1));
            }
        }

        Map<Integer, String> regionNames = new HashMap<>();
        Map<Integer, Integer> regionParents = new HashMap<>();
        try (TsvFile file = TsvFile.open(folder.resolve("regions.tsv"))) {
            for (List<String> row = file.next(3); row != null; row = file.next(3)) {
                int id = parseId(file, row.get(0), "id");
                int parent = parseId(file, row.get(1), "seismicRegion");
                if (!seismicRegionNames.containsKey(parent)) {
                    throw file.problem("unknown seismic region " + row.get(1));
                }
                regionNames.put(id, row.get(2));
                regionParents.put(id, parent);
            }
        }

        List<Quake> quakes = new ArrayList<>();
        try (TsvFile file = TsvFile.open(folder.resolve("quakes.tsv"))) {
            for (List<String> row = file.next(8); row != null; row = file.next(8)) {
                Quake quake = parseQuake(file, row);
                if (!regionParents.containsKey(quake.region())) {
                    throw file.problem("unknown region " + row.get(7));
                }
                quakes.add(quake);
            }
        }

        // stable, so quakes.tsv's own order decides between equal times
        quakes.sort(Comparator.comparingLong(Quake::epochSecond));
        Quake[] sorted = quakes.toArray(new Quake[0]);
        int[] parents = new int[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            parents[i] = regionParents.get(sorted[i].region());
        }
        return new SeismicCatalog(sorted, parents, Map.copyOf(regionNames), Map.copyOf(seismicRegionNames));
    }

    /**
     * The quakes with minEpochSecond <= time < maxEpochSecond, minLat <= latitude < maxLat and
     * minLon <= longitude < maxLon, grouped by seismic region in ascending id. Callers holding
     * bounds with fractions of a second pass the next whole second, as quake times are whole.
     */
    public List<QuakeGroup> match(
            long minEpochSecond, long maxEpochSecond, double minLat, double maxLat, double minLon, double maxLon) {
        int first = lowerBound(times, 0, minEpochSecond);
        int end = Math.max(first, lowerBound(times, first, maxEpochSecond));
        // per seismic region, the matches in scan (time) order
        TreeMap<Integer, List<Quake>> bySeismicRegion = new TreeMap<>();
        for (int i = first; i < end; i++) {
            Quake quake = quakes[i];
            if (minLat <= quake.latitude() && quake.latitude() < maxLat
                    && minLon <= quake.longitude() && quake.longitude() < maxLon) {
                bySeismicRegion.computeIfAbsent(seismicRegions[i], id -> new ArrayList<>()).add(quake);
            }
        }
        List<QuakeGroup> groups = new ArrayList<>(bySeismicRegion.size());
        bySeismicRegion.forEach((seismicRegion, matches) -> {
            TreeSet<Integer> regions = new TreeSet<>();
            for (Quake quake : matches) {
                regions.add(quake.region());
            }
            groups.add(new QuakeGroup(seismicRegion, new ArrayList<>(regions), matches));
        });
        return groups;
    }

    /** The name of a geographic region that quakes refer to. */
    public String regionName(int id) {
        return name(regionNames, id, "region");
    }

    /** The name of a seismic region that groups regions. */
    public String seismicRegionName(int id) {
        return name(seismicRegionNames, id, "seismic region");
    }

    /** The number of quakes loaded. */
    public int size() {
        return quakes.length;
    }

    private static String name(Map<Integer, String> names, int id, String kind) {
        String name = names.get(id);
        if (name == null) {
            throw new IllegalArgumentException("no " + kind + " with id " + id);
        }
        return name;
    }

    // The first index in sorted[from..] whose value is not below key.
    private static int lowerBound(long[] sorted, int from, long key) {
        int index = Arrays.binarySearch(sorted, from, sorted.length, key);
        if (index < 0) {
            return -index - 1;
        }
        while (index > from && sorted[index - 1] == key) {
            index--;
        }
        return index;
    }

    private static Quake parseQuake(TsvFile file, List<String> row) throws SampleException {
        long epochSecond;
        try {
            epochSecond = LocalDateTime.parse(row.get(0), QUAKE_TIME).toEpochSecond(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw file.problem("time '" + row.get(0) + "' is not YYYY-MM-DDThh:mm:ssZ");
        }
        try {
            return new Quake(
                    epochSecond,
                    Integer.parseInt(row.get(1)),
                    Double.parseDouble(row.get(2)),
                    Double.parseDouble(row.get(3)),
                    Double.parseDouble(row.get(4)),
                    Double.parseDouble(row.get(5)),
                    row.get(6),
                    Integer.parseInt(row.get(7)));
        } catch (NumberFormatException e) {
            throw file.problem("a number field does not parse");
        }
    }

    private static int parseId(TsvFile file, String text, String column) throws SampleException {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw file.problem(column + " '" + text + "' is not a number");
        }
    }
}
