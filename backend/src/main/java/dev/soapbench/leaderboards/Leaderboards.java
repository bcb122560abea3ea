package dev.soapbench.leaderboards;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.RenderedJson;
import dev.soapbench.common.SharedLoads;
import dev.soapbench.runs.CatalogRuns;
import dev.soapbench.runs.RunResult;
import dev.soapbench.stacks.StackManifest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import tools.jackson.databind.ObjectMapper;

/**
 * The boards as people read them, computed from the results of their official runs. What the
 * official runs say is kept until one of them changes; users' runs beside a board are looked up
 * again every 30 s; the line of boards waiting for a worker, which changes without any run
 * changing, at most every 2 s (the rendered pages' lifetime).
 */
@Service
class Leaderboards {

    static final int HISTORY_RUNS = 50;

    private final Boards boards;
    private final BoardStacks boardStacks;
    private final LeaderboardRepository repository;
    private final OfficialRunScheduler scheduler;
    private final CatalogRuns runs;
    private final ObjectMapper json;
    private final SharedLoads<UUID, Optional<RunResult>> results = new SharedLoads<>(2_000);
    private final SharedLoads<String, OfficialRecord> officials = new SharedLoads<>(1_000);
    private final SharedLoads<String, List<BoardPage.Unverified>> unverified =
            new SharedLoads<>(1_000, Duration.ofSeconds(30));
    private final SharedLoads<String, RenderedJson> pages = new SharedLoads<>(1_000, Duration.ofSeconds(2));

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
        // A board rests on its official runs: their changes show at once. Other runs only feed the
        // unverified lists, so a busy service does not recompute the boards at every measurement.
        runs.onChange(runId -> {
            if (runId == null) {
                results.dropAll();
                forgetOfficial();
                return;
            }
            results.drop(runId);
            if (isOfficial(runId)) {
                forgetOfficial();
            }
        });
    }

    private boolean isOfficial(UUID runId) {
        try {
            return repository.isOfficial(runId);
        } catch (RuntimeException databaseDown) {
            return true;
        }
    }

    /** Drops what official runs said, and the rendered pages: a request or a run of one changed them. */
    void forgetOfficial() {
        officials.dropAll();
        pages.dropAll();
    }

    /** Drops the rendered pages: a request for an official run changes them without any run changing. */
    void forgetPages() {
        pages.dropAll();
    }

    List<String> claimedBy(Board board) {
        return boardStacks.claimed(board).stream().map(StackManifest::id).toList();
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
        List<LeaderboardRepository.Request> requests = repository.requests();
        BoardStacks.LiveReading live = boardStacks.read();
        List<BoardIndex.Line> lines = new ArrayList<>();
        int measurable = 0;
        int measured = 0;
        String measuring = null;
        for (Board board : boards.all()) {
            OfficialRecord record = official(board);
            BoardState state = BoardState.of(board, claimedBy(board), record, waiting(board, requests));
            if (!boardStacks.now(board, live).none()) {
                measurable++;
            }
            if (record.standing() != null) {
                measured++;
            }
            if (record.inFlight() != null && measuring == null) {
                measuring = board.id();
            }
            Optional<BoardPage.Entry> leader =
                    record.standing() == null || !record.standing().enoughData()
                            ? Optional.empty()
                            : record.standing().entries().stream()
                                    .filter(e -> e.band() != null && e.band() == 1)
                                    .findFirst();
            lines.add(new BoardIndex.Line(
                    board.id(),
                    board.workloadId(),
                    board.title(),
                    board.catalog(),
                    board.security(),
                    board.hardwareClass(),
                    state.id(),
                    state.text(),
                    leader.map(e -> e.stack() + "@" + e.version()).orElse(null),
                    leader.map(e -> e.displayName() + " " + e.version()).orElse(null),
                    leader.map(BoardPage.Entry::throughput).orElse(null),
                    record.standing() == null
                            ? claimedBy(board).size()
                            : record.standing().entries().size(),
                    record.standing() == null ? null : record.standing().runId(),
                    record.measuredAt()));
        }
        return new BoardIndex(
                new BoardIndex.Progress(lines.size(), measurable, measured, measuring, requests.size()),
                List.copyOf(lines));
    }

    private BoardPage page(Board board) {
        List<String> claimedBy = claimedBy(board);
        OfficialRecord record = official(board);
        BoardPage.Waiting waiting = waiting(board, repository.requests());
        BoardState state = BoardState.of(board, claimedBy, record, waiting);
        return new BoardPage(
                board.id(),
                board.workloadId(),
                board.title(),
                board.catalog(),
                board.security(),
                board.hardwareClass(),
                board.workload(),
                state.id(),
                state.text(),
                claimedBy,
                record.standing(),
                record.inFlight(),
                waiting,
                scheduler
                        .refusal(board.id())
                        .map(r -> new BoardPage.Refused(r.reason(), r.at()))
                        .orElse(null),
                record.lastAttempt(),
                record.history().segments(),
                record.history().points(),
                unverified.get(board.id(), () -> unverifiedOf(board)));
    }

    private OfficialRecord official(Board board) {
        return officials.get(
                board.id(),
                () -> OfficialRecord.of(board, repository.officialRuns(board.id(), HISTORY_RUNS), this::result));
    }

    private List<BoardPage.Unverified> unverifiedOf(Board board) {
        Set<UUID> officialIds = repository.officialRuns(board.id(), HISTORY_RUNS).stream()
                .map(LeaderboardRepository.OfficialRun::runId)
                .collect(Collectors.toSet());
        List<CatalogRuns.Completed> candidates =
                runs.completedPublic(board.catalog(), board.hardwareClass(), 5 * UnverifiedRuns.SHOWN);
        return UnverifiedRuns.of(board, candidates, officialIds, this::result);
    }

    /** The board's place among the boards of its hardware class waiting for a worker; null when not asked for. */
    private BoardPage.Waiting waiting(Board board, List<LeaderboardRepository.Request> requests) {
        int position = 0;
        for (LeaderboardRepository.Request request : requests) {
            boolean sameClass = boards.find(request.boardId())
                    .map(b -> b.hardwareClass().equals(board.hardwareClass()))
                    .orElse(false);
            if (sameClass) {
                position++;
                if (request.boardId().equals(board.id())) {
                    return new BoardPage.Waiting(request.reason(), request.requestedAt(), position);
                }
            }
        }
        return null;
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
