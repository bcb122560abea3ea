package dev.soapbench.leaderboards;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.CanonicalJson;
import dev.soapbench.runs.CatalogRuns;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Schedules the official runs that fill the leaderboards, one at a time, never in a user's way:
 * <ul>
 *   <li>a board is asked for when it was never measured, when its last official run is older than
 *       the period, when the heartbeats report other versions of its stacks than when it was last
 *       scheduled (all only when {@code automatic}), or by an operator;
 *   <li>an asked-for board is sent to a hardware class only when no run at all waits for or runs on
 *       that class;
 *   <li>an official run that a user's run would wait behind is cancelled, and its board asked for
 *       again: a user never waits for more than a tick.
 * </ul>
 */
@Component
class OfficialRunScheduler {

    static final String FIRST = "first";
    static final String PERIOD = "period";
    static final String STACK_VERSION = "stack-version";
    static final String OPERATOR = "operator";
    static final String RETRY = "retry";
    static final String YIELDED =
            "yielded the worker to a user's run before a worker started it; the board is measured again when the worker is idle";

    private static final Logger log = LoggerFactory.getLogger(OfficialRunScheduler.class);
    private static final Caller SERVICE = Caller.anonymous("soapbench-leaderboards");

    /** Why a board's official run could not even be submitted, kept to say so and to wait before trying again. */
    record Refusal(String reason, OffsetDateTime at) {}

    private final Boards boards;
    private final BoardStacks boardStacks;
    private final LeaderboardRepository repository;
    private final CatalogRuns runs;
    private final LeaderboardSettings settings;
    private final TransactionTemplate transactions;
    private final Map<String, Refusal> refusals = new ConcurrentHashMap<>();

    OfficialRunScheduler(
            Boards boards,
            BoardStacks boardStacks,
            LeaderboardRepository repository,
            CatalogRuns runs,
            LeaderboardSettings settings,
            TransactionTemplate transactions) {
        this.boards = boards;
        this.boardStacks = boardStacks;
        this.repository = repository;
        this.runs = runs;
        this.settings = settings;
        this.transactions = transactions;
    }

    @Scheduled(
            fixedDelayString = "${soapbench.leaderboards.tick:PT10S}",
            initialDelayString = "${soapbench.leaderboards.tick:PT10S}")
    void tick() {
        try {
            transactions.executeWithoutResult(status -> {
                if (repository.takeSchedulingTurn()) {
                    schedule();
                }
            });
            // Its own transaction: a submission the service refuses rolls back only itself.
            transactions.executeWithoutResult(status -> {
                if (repository.takeSchedulingTurn()) {
                    dispatch(runs.unfinished());
                }
            });
        } catch (Refused refused) {
            // A board the submission refuses would be refused again at every tick: say why, and wait.
            transactions.executeWithoutResult(status -> repository.dropRequest(refused.boardId));
            refusals.put(refused.boardId, new Refusal(refused.getMessage(), OffsetDateTime.now(ZoneOffset.UTC)));
            log.warn("Official run of board {} refused: {}", refused.boardId, refused.getMessage());
        } catch (RuntimeException e) {
            // The database may be down: the next tick tries again.
            log.warn("Leaderboard scheduling skipped: {}", e.getMessage());
        }
    }

    /** The submission of a board's official run was refused. */
    private static final class Refused extends RuntimeException {
        private final String boardId;

        Refused(String boardId, ApiProblem problem) {
            super(problem.getMessage(), problem);
            this.boardId = boardId;
        }
    }

    /** An operator's request: the board is measured when its hardware class is next idle. */
    boolean requestByOperator(Board board) {
        refusals.remove(board.id());
        return Boolean.TRUE.equals(transactions.execute(status -> repository.request(board.id(), OPERATOR)));
    }

    Optional<Refusal> refusal(String boardId) {
        return Optional.ofNullable(refusals.get(boardId));
    }

    /** Yields to users' runs and asks for the boards that are due. */
    void schedule() {
        List<CatalogRuns.Unfinished> unfinished = runs.unfinished();
        List<LeaderboardRepository.OfficialRun> official = repository.officialRuns();
        Map<UUID, LeaderboardRepository.OfficialRun> officialById = official.stream()
                .collect(Collectors.toMap(LeaderboardRepository.OfficialRun::runId, Function.identity()));
        yieldToUsers(unfinished, officialById);
        if (settings.automatic()) {
            askForDueBoards(unfinished, official);
        }
    }

    private void yieldToUsers(
            List<CatalogRuns.Unfinished> unfinished, Map<UUID, LeaderboardRepository.OfficialRun> officialById) {
        Set<String> classesUsersWaitFor = unfinished.stream()
                .filter(run -> !officialById.containsKey(run.id()) && "queued".equals(run.status()))
                .map(CatalogRuns.Unfinished::hardwareClass)
                .collect(Collectors.toSet());
        for (CatalogRuns.Unfinished run : unfinished) {
            LeaderboardRepository.OfficialRun mine = officialById.get(run.id());
            if (mine != null
                    && !"cancelling".equals(run.status())
                    && classesUsersWaitFor.contains(run.hardwareClass())) {
                log.info("Official run {} of board {} yields to a user's run", run.id(), mine.boardId());
                runs.cancel(run.id(), YIELDED);
                repository.request(mine.boardId(), mine.reason());
            }
        }
    }

    private void askForDueBoards(
            List<CatalogRuns.Unfinished> unfinished, List<LeaderboardRepository.OfficialRun> official) {
        Set<UUID> unfinishedIds =
                unfinished.stream().map(CatalogRuns.Unfinished::id).collect(Collectors.toSet());
        Map<String, LeaderboardRepository.OfficialRun> latest = official.stream()
                .collect(
                        Collectors.toMap(LeaderboardRepository.OfficialRun::boardId, Function.identity(), (a, b) -> a));
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        BoardStacks.LiveReading live = boardStacks.read();
        for (Board board : boards.all()) {
            BoardStacks.Candidates candidates = boardStacks.now(board, live);
            if (candidates.none() || waitsAfterRefusal(board, now)) {
                continue;
            }
            LeaderboardRepository.OfficialRun last = latest.get(board.id());
            dueReason(last, candidates, unfinishedIds, now).ifPresent(reason -> {
                if (repository.request(board.id(), reason)) {
                    log.info("Leaderboard {} asks for an official run: {}", board.id(), reason);
                }
            });
        }
    }

    private Optional<String> dueReason(
            LeaderboardRepository.OfficialRun last,
            BoardStacks.Candidates candidates,
            Set<UUID> unfinishedIds,
            OffsetDateTime now) {
        if (last == null) {
            return Optional.of(FIRST);
        }
        if (unfinishedIds.contains(last.runId())) {
            return Optional.empty();
        }
        if (!candidates.versions().equals(last.stackVersions())) {
            return Optional.of(STACK_VERSION);
        }
        String status = runs.state(last.runId()).map(CatalogRuns.State::status).orElse("failed");
        if (!"completed".equals(status) && !"cancelled".equals(status)) {
            return last.scheduledAt().plus(settings.retryAfter()).isBefore(now) ? Optional.of(RETRY) : Optional.empty();
        }
        return last.scheduledAt().plus(settings.period()).isBefore(now) ? Optional.of(PERIOD) : Optional.empty();
    }

    /** Sends the oldest asked-for board of each idle hardware class. */
    void dispatch(List<CatalogRuns.Unfinished> unfinished) {
        Set<String> busyClasses =
                unfinished.stream().map(CatalogRuns.Unfinished::hardwareClass).collect(Collectors.toSet());
        BoardStacks.LiveReading live = boardStacks.read();
        for (LeaderboardRepository.Request request : repository.requests()) {
            Optional<Board> found = boards.find(request.boardId());
            if (found.isEmpty()) {
                // The board's workload left the file.
                repository.dropRequest(request.boardId());
                continue;
            }
            Board board = found.get();
            if (busyClasses.contains(board.hardwareClass())) {
                continue;
            }
            BoardStacks.Candidates candidates = boardStacks.now(board, live);
            if (candidates.none()) {
                // Waits for a worker that can build one of its stacks.
                continue;
            }
            submit(board, request, candidates);
            busyClasses.add(board.hardwareClass());
        }
    }

    private void submit(Board board, LeaderboardRepository.Request request, BoardStacks.Candidates candidates) {
        var workload = board.workload().deepCopy();
        var stackNames = workload.putArray("stacks");
        candidates.ids().forEach(stackNames::add);
        CatalogRuns.Started started;
        try {
            started = runs.submit(board.catalog(), workload, SERVICE);
        } catch (ApiProblem problem) {
            throw new Refused(board.id(), problem);
        }
        repository.insertOfficialRun(new LeaderboardRepository.OfficialRun(
                started.id(), board.id(), request.reason(), candidates.versions(), workloadSha256(board), null));
        repository.dropRequest(board.id());
        refusals.remove(board.id());
        log.info(
                "Official run {} of board {} sent ({}): {}",
                started.id(),
                board.id(),
                request.reason(),
                candidates.ids());
    }

    private boolean waitsAfterRefusal(Board board, OffsetDateTime now) {
        Refusal refusal = refusals.get(board.id());
        return refusal != null && refusal.at().plus(settings.retryAfter()).isAfter(now);
    }

    static String workloadSha256(Board board) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(CanonicalJson.write(board.workload()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
