package dev.soapbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A feature owns its tables (docs/architecture.md, "Boundaries"): only its own classes name them in
 * SQL, and another feature asks its facade. The SQL lives in string literals, where ArchUnit does
 * not look, so this test reads the sources.
 */
class TableOwnershipTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/soapbench");
    private static final Path MIGRATIONS = Path.of("src/main/resources/db/migration");

    /** Every table the migrations create, and the feature that owns it. */
    private static final Map<String, String> OWNERS = Map.ofEntries(
            Map.entry("api_tokens", "accounts"),
            Map.entry("projects", "accounts"),
            Map.entry("dispatch_outbox", "dispatch"),
            Map.entry("interop_cells", "interop"),
            Map.entry("run_events", "events"),
            Map.entry("workers", "events"),
            Map.entry("leaderboard_runs", "leaderboards"),
            Map.entry("leaderboard_requests", "leaderboards"),
            Map.entry("work_charges", "limits"),
            Map.entry("acknowledgements", "projects"),
            Map.entry("measurements", "results"),
            Map.entry("runs", "runs"),
            Map.entry("run_bundle_files", "runs"),
            Map.entry("run_samples", "runs"),
            Map.entry("run_stacks", "runs"),
            Map.entry("run_stack_modes", "runs"),
            Map.entry("run_ci", "runs"),
            Map.entry("study_runs", "studies"),
            Map.entry("study_run_cells", "studies"));

    /**
     * Reads of another feature's tables not yet moved behind its owner, as "file reads table". The
     * list only shrinks; it is empty: a feature that needs another's rows asks an interface it
     * declares and the owner implements (RunEventLog, RunSignsOfLife, Heartbeats).
     */
    private static final Set<String> ALLOWED = Set.of();

    private static final Pattern TABLE_IN_SQL = Pattern.compile("\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+([a-z_]+)\\b");
    private static final Pattern CREATE_TABLE =
            Pattern.compile("(?i)\\bCREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?([a-z_]+)");

    @Test
    void everyTableHasAnOwningFeature() throws IOException {
        Set<String> created = new TreeSet<>();
        try (Stream<Path> files = Files.list(MIGRATIONS)) {
            for (Path file : files.toList()) {
                Matcher matcher = CREATE_TABLE.matcher(Files.readString(file));
                while (matcher.find()) {
                    created.add(matcher.group(1));
                }
            }
        }

        assertThat(OWNERS.keySet()).as("the tables the migrations create").containsExactlyInAnyOrderElementsOf(created);
    }

    @Test
    void noFeatureNamesAnothersTablesInSql() throws IOException {
        assertThat(crossFeatureReads())
                .as("SQL naming another feature's table: ask the owner's facade instead")
                .isSubsetOf(ALLOWED);
    }

    @Test
    void theAllowedReadsAreAllStillThere() throws IOException {
        assertThat(crossFeatureReads())
                .as("allowed reads of another feature's table that are gone: take them off the list")
                .containsAll(ALLOWED);
    }

    private static Set<String> crossFeatureReads() throws IOException {
        Set<String> reads = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file :
                    files.filter(path -> path.toString().endsWith(".java")).toList()) {
                Path relative = SOURCES.relativize(file);
                if (relative.getNameCount() < 2) {
                    continue;
                }
                String feature = relative.getName(0).toString();
                Matcher matcher = TABLE_IN_SQL.matcher(Files.readString(file));
                while (matcher.find()) {
                    String table = matcher.group(1);
                    String owner = OWNERS.get(table);
                    if (owner != null && !owner.equals(feature)) {
                        reads.add(relative.toString().replace('\\', '/') + " reads " + table);
                    }
                }
            }
        }
        return reads;
    }
}
