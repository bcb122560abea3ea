package dev.soapbench.leaderboards;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.CanonicalJson;
import dev.soapbench.common.RenderedJson;
import dev.soapbench.common.SharedLoads;
import dev.soapbench.runs.CatalogRuns;
import dev.soapbench.runs.RunResult;
import dev.soapbench.stacks.StackManifest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The boards as people read them: each computed from the results of its official runs, kept until
 * a run changes (and for two seconds at most, as requests for official runs change without one).
 */
@Service
class Leaderboards {

    static final int HISTORY_RUNS = 50;
    static final int UNVERIFIED_RUNS = 10;
    private static final Set<String> UNFINISHED = Set.of("queued", "running", "cancelling");

    private final Boards boards;
    private final BoardStacks boardStacks;
    private final LeaderboardRepository repository;
    private final OfficialRunScheduler scheduler;
    private final CatalogRuns runs;
    private final ObjectMapper json;
    private final SharedLoads<UUID, Optional<RunResult>> results = new SharedLoads<>(2_000);
    private final SharedLoads<String, RenderedJson> pages = new SharedLoads<>(1_000, Duration.ofSeconds(2));
    private final SharedLoads<String, BoardPage> boardPages = new SharedLoads<>(1_000, Duration.ofSeconds(2));

    Leaderboards(
            Boards boards,
            BoardStacks boardStacks,
            LeaderboardRepository repository,
            OfficialRunScheduler scheduler,
            CatalogRuns runs,
            ObjectMapper json) {
        this.boards = boards;
        this.boardStacks = boardStacks;
        this.repository = repository;
        this.scheduler = scheduler;
        this.runs = runs;
        this.json = json;
        runs.onChange(runId -> {
            pages.dropAll();
            boardPages.dropAll();
            if (runId == null) {
                results.dropAll();
            } else {
                results.drop(runId);
            }
        });
    }

    List<String> claimedBy(Board board) {
        return boardStacks.claimed(board).stream().map(StackManifest::id).toList();
    }

    /** Drops the kept pages: a request for an official run changes them without a run changing. */
    void forgetPages() {
        pages.dropAll();
        boardPages.dropAll();
    }

    Board board(String id) {
        return boards.find(id).orElseThrow(() -> ApiProblem.notFound("No leaderboard '" + id + "'."));
    }

    RenderedJson indexJson() {
        return pages.get("", () -> RenderedJson.of(json, index()));
    }

    RenderedJson pageJson(String id) {
        Board board = board(id);
        return pages.get(id, () -> RenderedJson.of(json, page(board)));
    }

    BoardPage page(String id) {
        return page(board(id));
    }

    BoardIndex index() {
        List<BoardIndex.Line> lines = new ArrayList<>();
        int measurable = 0;
        int measured = 0;
        String measuring = null;
        BoardStacks.LiveReading live = boardStacks.read();
        for (Board board : boards.all()) {
            BoardPage page = page(board);
            if (!boardStacks.now(board, live).none()) {
                measurable++;
            }
            if (page.standing() != null) {
                measured++;
            }
            if (page.inFlight() != null) {
                measuring = board.id();
            }
            BoardPage.Entry leader = page.standing() == null || !page.standing().enoughData()
                    ? null
                    : page.standing().entries().stream()
                            .filter(e -> e.band() != null && e.band() == 1)
                            .findFirst()
                            .orElse(null);
            lines.add(new BoardIndex.Line(
                    board.id(),
                    board.workloadId(),
                    board.title(),
                    board.catalog(),
                    board.security(),
                    board.hardwareClass(),
                    page.state(),
                    page.stateText(),
                    leader == null ? null : leader.stack() + "@" + leader.version(),
                    leader == null || leader.throughput() == null
                            ? null
                            : leader.throughput().median(),
                    page.standing() == null
                            ? page.claimedBy().size()
                            : page.standing().entries().size(),
                    page.standing() == null ? null : page.standing().runId(),
                    page.standing() == null ? null : page.standing().finishedAt()));
        }
        int waiting = repository.requests().size();
        return new BoardIndex(
                new BoardIndex.Progress(lines.size(), measurable, measured, measuring, waiting), List.copyOf(lines));
    }

    private BoardPage page(Board board) {
        return boardPages.get(board.id(), () -> compute(board));
    }

    private BoardPage compute(Board board) {
        List<String> claimedBy = claimedBy(board);
        List<LeaderboardRepository.OfficialRun> official = repository.officialRuns(board.id(), HISTORY_RUNS);
        BoardPage.InFlight inFlight = null;
        List<RunResult> completed = new ArrayList<>();
        List<String> workloadHashes = new ArrayList<>();
        for (LeaderboardRepository.OfficialRun run : official) {
            Optional<RunResult> result = result(run.runId());
            if (result.isEmpty()) {
                continue;
            }
            RunResult r = result.get();
            if (inFlight == null && UNFINISHED.contains(r.status())) {
                inFlight = new BoardPage.InFlight(
                        r.id(),
                        r.slug(),
                        r.status(),
                        r.workerStep(),
                        run.reason(),
                        run.scheduledAt(),
                        r.stacks().stream()
                                .map(s -> new BoardPage.StackProgress(s.id(), s.version(), s.status()))
                                .toList());
            } else if ("completed".equals(r.status())) {
                completed.add(r);
                workloadHashes.add(run.workloadSha256());
            }
        }
        BoardPage.Standing standing = completed.isEmpty()
                ? null
                : BoardStandings.standing(board, completed.get(0)).orElse(null);
        BoardHistory history = BoardHistory.of(board, completed, workloadHashes);
        BoardPage.Waiting waiting = waiting(board);
        BoardPage.Refused refused = scheduler
                .refusal(board.id())
                .map(r -> new BoardPage.Refused(r.reason(), r.at()))
                .orElse(null);
        String[] state = state(board, claimedBy, standing, inFlight, waiting);
        return new BoardPage(
                board.id(),
                board.workloadId(),
                board.title(),
                board.catalog(),
                board.security(),
                board.hardwareClass(),
                board.workload(),
                state[0],
                state[1],
                claimedBy,
                standing,
                inFlight,
                waiting,
                refused,
                history.segments(),
                history.points(),
                unverified(board, official));
    }

    private static String[] state(
            Board board,
            List<String> claimedBy,
            BoardPage.Standing standing,
            BoardPage.InFlight inFlight,
            BoardPage.Waiting waiting) {
        if (standing != null && standing.enoughData()) {
            return new String[] {"ranked", standing.basis()};
        }
        if (standing != null) {
            return new String[] {"measured", "Measured, but not enough data for a verdict: " + standing.notEnoughData()
            };
        }
        if (inFlight != null) {
            return new String[] {"measuring", "The first official run is under way."};
        }
        if (waiting != null) {
            return new String[] {
                "waiting",
                "Asked for (" + waiting.reason() + "); number " + waiting.position() + " in line for an idle "
                        + board.hardwareClass() + " worker."
            };
        }
        if (claimedBy.isEmpty()) {
            return new String[] {
                "no-stack",
                "No stack implements " + board.catalog() + " with security mode " + board.security() + " yet."
            };
        }
        return new String[] {
            "not-measured",
            "Not measured yet: no live " + board.hardwareClass() + " worker offers " + String.join(", ", claimedBy)
                    + ", or the board's turn has not come."
        };
    }

    private BoardPage.Waiting waiting(Board board) {
        List<LeaderboardRepository.Request> requests = repository.requests().stream()
                .filter(r -> boards.find(r.boardId())
                        .map(b -> b.hardwareClass().equals(board.hardwareClass()))
                        .orElse(false))
                .toList();
        for (int i = 0; i < requests.size(); i++) {
            if (requests.get(i).boardId().equals(board.id())) {
                return new BoardPage.Waiting(
                        requests.get(i).reason(), requests.get(i).requestedAt(), i + 1);
            }
        }
        return null;
    }

    /** Users' completed public runs of this very workload, newest first: shown, never ranked. */
    private List<BoardPage.Unverified> unverified(Board board, List<LeaderboardRepository.OfficialRun> official) {
        Set<UUID> officialIds =
                official.stream().map(LeaderboardRepository.OfficialRun::runId).collect(Collectors.toSet());
        return runs.completedPublic(board.catalog(), board.hardwareClass(), 5 * UNVERIFIED_RUNS).stream()
                .filter(run -> !officialIds.contains(run.id()) && sameWorkload(board.workload(), run.workload()))
                .limit(UNVERIFIED_RUNS)
                .map(run -> result(run.id())
                        .map(r -> new BoardPage.Unverified(
                                r.id(), r.slug(), r.finishedAt(), BoardStandings.values(board, r)))
                        .orElse(null))
                .filter(u -> u != null && !u.stacks().isEmpty())
                .sorted(Comparator.comparing(BoardPage.Unverified::finishedAt).reversed())
                .toList();
    }

    /**
     * True when the run measured the board's workload: every setting the board fixes (but the count
     * of rounds and the stacks) is the run's too.
     */
    static boolean sameWorkload(ObjectNode boardWorkload, JsonNode runWorkload) {
        ObjectNode fixed = boardWorkload.deepCopy();
        fixed.remove("repetitions");
        for (String name : fixed.propertyNames()) {
            JsonNode wanted = fixed.get(name);
            JsonNode actual = runWorkload.path(name);
            if (wanted.isObject()) {
                for (String inner : wanted.propertyNames()) {
                    if (actual.path(inner).isMissingNode()
                            || !CanonicalJson.write(wanted.get(inner)).equals(CanonicalJson.write(actual.get(inner)))) {
                        return false;
                    }
                }
            } else if (actual.isMissingNode() || !CanonicalJson.write(wanted).equals(CanonicalJson.write(actual))) {
                return false;
            }
        }
        return true;
    }

    /** The official run a board's standing rests on. */
    Optional<RunResult> standingRun(BoardPage page) {
        return page.standing() == null
                ? Optional.empty()
                : result(page.standing().runId());
    }

    private Optional<RunResult> result(UUID runId) {
        return results.get(runId, () -> runs.result(runId));
    }
}
