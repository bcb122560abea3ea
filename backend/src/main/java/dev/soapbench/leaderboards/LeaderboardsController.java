package dev.soapbench.leaderboards;

import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.Downloads;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import tools.jackson.databind.ObjectMapper;

/** The leaderboards (openapi.yaml, tag leaderboards). */
@RestController
class LeaderboardsController {

    private static final MediaType SVG = new MediaType("image", "svg+xml", StandardCharsets.UTF_8);

    /** What an operator's request answers: where the board now stands in line. */
    record Requested(String board, boolean alreadyAsked, BoardPage.Waiting waiting, String state) {}

    private final Leaderboards leaderboards;
    private final OfficialRunScheduler scheduler;
    private final OperatorToken operator;
    private final BoardPreview preview;
    private final ObjectMapper json;

    LeaderboardsController(
            Leaderboards leaderboards,
            OfficialRunScheduler scheduler,
            OperatorToken operator,
            BoardPreview preview,
            ObjectMapper json) {
        this.preview = preview;
        this.leaderboards = leaderboards;
        this.scheduler = scheduler;
        this.operator = operator;
        this.json = json;
    }

    @GetMapping("/api/v1/leaderboards")
    ResponseEntity<byte[]> index(WebRequest request) {
        return leaderboards.indexJson().answer(request);
    }

    @GetMapping("/api/v1/leaderboards/{board}")
    ResponseEntity<byte[]> board(
            @PathVariable String board,
            @RequestParam(required = false) String format,
            @RequestHeader(value = HttpHeaders.ACCEPT, required = false) String accept,
            WebRequest request) {
        if (Downloads.wantsCsv(format, accept)) {
            BoardPage page = leaderboards.page(board);
            return Downloads.csv("soapbench-leaderboard-" + page.id() + ".csv", BoardCsv.of(page, json));
        }
        return leaderboards.pageJson(board).answer(request);
    }

    /** The picture a pasted link of the board previews; 404 while the board has no standing. */
    @GetMapping("/api/v1/leaderboards/{board}/card.png")
    ResponseEntity<byte[]> card(@PathVariable String board) {
        return preview.cardFor(board)
                .map(png -> ResponseEntity.ok()
                        .contentType(MediaType.IMAGE_PNG)
                        .cacheControl(CacheControl.maxAge(Duration.ofMinutes(5)))
                        .body(png))
                .orElseThrow(() -> ApiProblem.notFound("Leaderboard '" + board + "' has no standing to draw."));
    }

    /** A stack's band on the board as an SVG badge, for a README. */
    @GetMapping("/api/v1/leaderboards/{board}/badges/{stack}.svg")
    ResponseEntity<String> badge(@PathVariable String board, @PathVariable String stack) {
        BoardPage page = leaderboards.page(board);
        return BoardBadge.svg(page, stack)
                .map(svg -> ResponseEntity.ok()
                        .contentType(SVG)
                        .cacheControl(CacheControl.maxAge(Duration.ofMinutes(5)))
                        .body(svg))
                .orElseThrow(() -> ApiProblem.notFound("Stack '" + stack + "' is not on leaderboard '" + board
                        + "' (its stacks: "
                        + String.join(
                                ", ",
                                page.standing().entries().stream()
                                        .map(BoardPage.Entry::stack)
                                        .toList()) + ")."));
    }

    /** An operator asks for an official run of the board, measured when its hardware class is idle. */
    @PostMapping("/api/v1/leaderboards/{board}/official-runs")
    ResponseEntity<Requested> requestOfficialRun(
            @PathVariable String board,
            @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
        operator.check(authorization);
        Board found = leaderboards.board(board);
        if (leaderboards.claimedBy(found).isEmpty()) {
            throw ApiProblem.unprocessable("No stack implements catalog service '" + found.catalog()
                    + "' with security mode '" + found.security() + "', so leaderboard '" + board
                    + "' has nothing to measure.");
        }
        boolean asked = scheduler.requestByOperator(found);
        leaderboards.forgetPages();
        BoardPage page = leaderboards.page(board);
        return ResponseEntity.status(HttpStatus.ACCEPTED)
                .body(new Requested(found.id(), !asked, page.waiting(), page.state()));
    }
}
