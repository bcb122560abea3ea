package dev.soapbench.jvmsupport.catalog.seismic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.soapbench.jvmsupport.samples.SampleException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeismicCatalogTest {
    private static final String SEISMIC_REGIONS = """
            id\tname
            1\tAlaska - Aleutian Arc
            7\tMexico - Guatemala area
            12\tKuril Islands, Japan
            """;
    private static final String REGIONS = """
            id\tseismicRegion\tname
            1\t1\tKomandorskiye Ostrova region
            2\t1\tNear Islands, Aleutian Islands
            40\t7\tNear coast of Guerrero, Mexico
            90\t12\tHokkaido, Japan region
            """;
    // deliberately out of time order: the catalog must sort
    private static final String QUAKES = """
            time\tmillis\tlatitude\tlongitude\tdepth\tmagnitude\tmethod\tregion
            2000-01-01T03:00:00Z\t120\t52.100\t174.500\t33.0\t4.1\tmb\t2
            2000-01-01T01:00:00Z\t397\t55.000\t166.000\t10.0\t3.9\tmb\t1
            2000-01-01T02:00:00Z\t854\t17.200\t-101.300\t21.6\t5.2\tMw\t40

            2000-01-01T04:00:00Z\t0\t42.900\t144.100\t88.4\t6.0\tMs\t90
            2000-01-01T05:00:00Z\t999\t52.500\t173.000\t12.5\t4.4\tML\t1
            """;

    @TempDir
    Path folder;

    private static long at(String time) {
        return Instant.parse(time).getEpochSecond();
    }

    private SeismicCatalog catalog() throws Exception {
        write("seismic-regions.tsv", SEISMIC_REGIONS);
        write("regions.tsv", REGIONS);
        write("quakes.tsv", QUAKES);
        return SeismicCatalog.load(folder);
    }

    private void write(String name, String content) throws IOException {
        Files.writeString(folder.resolve(name), content);
    }

    private List<QuakeGroup> everywhere(SeismicCatalog catalog, String from, String to) {
        return catalog.match(at(from), at(to), -90, 90, -180, 180);
    }

    @Test
    void loadsEveryQuakeWithItsFields() throws Exception {
        SeismicCatalog catalog = catalog();
        assertEquals(5, catalog.size());
        assertEquals("Near Islands, Aleutian Islands", catalog.regionName(2));
        assertEquals("Kuril Islands, Japan", catalog.seismicRegionName(12));

        Quake guerrero = everywhere(catalog, "2000-01-01T02:00:00Z", "2000-01-01T02:00:01Z").get(0).quakes().get(0);
        assertEquals(new Quake(at("2000-01-01T02:00:00Z"), 854, 17.2, -101.3, 21.6, 5.2, "Mw", 40), guerrero);
    }

    @Test
    void groupsBySeismicRegionWithRegionsAscendingAndQuakesInTimeOrder() throws Exception {
        List<QuakeGroup> groups = everywhere(catalog(), "2000-01-01T00:00:00Z", "2000-01-02T00:00:00Z");

        assertEquals(List.of(1, 7, 12), groups.stream().map(QuakeGroup::seismicRegion).toList());
        QuakeGroup aleutians = groups.get(0);
        assertEquals(List.of(1, 2), aleutians.regions());
        assertEquals(List.of(397, 120, 999), aleutians.quakes().stream().map(Quake::millis).toList());
        assertEquals(List.of(40), groups.get(1).regions());
        assertEquals(List.of(90), groups.get(2).regions());
    }

    @Test
    void timeWindowIsClosedBelowAndOpenAbove() throws Exception {
        SeismicCatalog catalog = catalog();

        List<QuakeGroup> groups = everywhere(catalog, "2000-01-01T02:00:00Z", "2000-01-01T04:00:00Z");
        assertEquals(List.of(120, 854), allMillis(groups), "seismic region 1 before 7");
        assertTrue(everywhere(catalog, "2000-01-01T05:00:01Z", "2000-01-02T00:00:00Z").isEmpty());
        assertTrue(everywhere(catalog, "2000-01-01T03:00:00Z", "2000-01-01T03:00:00Z").isEmpty());
        assertTrue(everywhere(catalog, "2000-01-01T04:00:00Z", "2000-01-01T02:00:00Z").isEmpty());
    }

    @Test
    void boxIsClosedBelowAndOpenAbove() throws Exception {
        SeismicCatalog catalog = catalog();
        long from = at("2000-01-01T00:00:00Z");
        long to = at("2000-01-02T00:00:00Z");

        assertEquals(List.of(120), allMillis(catalog.match(from, to, 52.1, 52.5, 170, 175)));
        assertEquals(List.of(120, 999), allMillis(catalog.match(from, to, 52.1, 52.5001, 170, 175)));
        assertEquals(List.of(999), allMillis(catalog.match(from, to, 50, 60, 173, 174.5)));
        assertTrue(catalog.match(from, to, 60, 50, -180, 180).isEmpty());
    }

    @Test
    void matchesTheSameAsALinearScanOverManyQuakes() throws Exception {
        StringBuilder quakes = new StringBuilder("time\tmillis\tlatitude\tlongitude\tdepth\tmagnitude\tmethod\tregion\n");
        long start = at("2001-06-01T00:00:00Z");
        for (int i = 0; i < 500; i++) {
            String time = Instant.ofEpochSecond(start + 37L * i).toString();
            int region = new int[] {1, 2, 40, 90}[i % 4];
            quakes.append(time).append('\t').append(i).append('\t').append(-80 + (i * 7) % 160).append(".25\t")
                    .append(-170 + (i * 13) % 340).append(".5\t10.0\t4.0\tmb\t").append(region).append('\n');
        }
        write("seismic-regions.tsv", SEISMIC_REGIONS);
        write("regions.tsv", REGIONS);
        write("quakes.tsv", quakes.toString());
        SeismicCatalog catalog = SeismicCatalog.load(folder);

        long from = start + 37 * 100 + 5;
        long to = start + 37 * 400;
        List<QuakeGroup> groups = catalog.match(from, to, -20, 40, -100, 120);
        long expected = 0;
        for (int i = 0; i < 500; i++) {
            long time = start + 37L * i;
            double latitude = -80 + (i * 7) % 160 + 0.25;
            double longitude = -170 + (i * 13) % 340 + 0.5;
            if (from <= time && time < to && -20 <= latitude && latitude < 40 && -100 <= longitude && longitude < 120) {
                expected++;
            }
        }
        assertTrue(expected > 10, "the window must select something");
        assertEquals(expected, allMillis(groups).size());
    }

    @Test
    void missingFileNamesItAndTheBuildCommand() throws Exception {
        SampleException problem = assertThrows(SampleException.class, () -> SeismicCatalog.load(folder));
        assertEquals("seismic data: cannot read " + folder.resolve("seismic-regions.tsv")
                + ": No such file or directory (run make -C datasets build)", problem.getMessage());
    }

    @Test
    void malformedRowNamesFileAndLine() throws Exception {
        write("seismic-regions.tsv", SEISMIC_REGIONS);
        write("regions.tsv", REGIONS);
        write("quakes.tsv", QUAKES.replace("174.500", "east"));
        SampleException problem = assertThrows(SampleException.class, () -> SeismicCatalog.load(folder));
        assertEquals("seismic data: " + folder.resolve("quakes.tsv") + ":2: a number field does not parse",
                problem.getMessage());
    }

    @Test
    void wrongFieldCountBadTimeAndUnknownRegionsAreRefused() throws Exception {
        write("seismic-regions.tsv", SEISMIC_REGIONS);
        write("regions.tsv", REGIONS + "5\t99\tNowhere\n");
        assertEquals("seismic data: " + folder.resolve("regions.tsv") + ":6: unknown seismic region 99",
                assertThrows(SampleException.class, () -> SeismicCatalog.load(folder)).getMessage());

        write("regions.tsv", REGIONS);
        write("quakes.tsv", QUAKES.replace("\t12.5\t4.4\tML\t1", "\t12.5\t4.4\tML\t3"));
        assertEquals("seismic data: " + folder.resolve("quakes.tsv") + ":7: unknown region 3",
                assertThrows(SampleException.class, () -> SeismicCatalog.load(folder)).getMessage());

        write("quakes.tsv", QUAKES.replace("2000-01-01T01:00:00Z", "2000-01-01 01:00"));
        assertEquals("seismic data: " + folder.resolve("quakes.tsv")
                        + ":3: time '2000-01-01 01:00' is not YYYY-MM-DDThh:mm:ssZ",
                assertThrows(SampleException.class, () -> SeismicCatalog.load(folder)).getMessage());

        write("quakes.tsv", QUAKES.replace("\t33.0\t4.1\tmb\t2", "\t33.0\t4.1\tmb"));
        assertEquals("seismic data: " + folder.resolve("quakes.tsv") + ":2: expected 8 tab-separated fields, found 7",
                assertThrows(SampleException.class, () -> SeismicCatalog.load(folder)).getMessage());

        write("quakes.tsv", "");
        assertEquals("seismic data: " + folder.resolve("quakes.tsv") + ":1: empty file",
                assertThrows(SampleException.class, () -> SeismicCatalog.load(folder)).getMessage());
    }

    private static List<Integer> allMillis(List<QuakeGroup> groups) {
        return groups.stream().flatMap(group -> group.quakes().stream()).map(Quake::millis).toList();
    }
}
