package dev.soapbench.leaderboards;

import java.util.List;

/** A board's state in one word and one sentence (openapi.yaml, LeaderboardState). */
record BoardState(String id, String text) {

    static BoardState of(Board board, List<String> claimedBy, OfficialRecord record, BoardPage.Waiting waiting) {
        BoardPage.Standing standing = record.standing();
        if (standing != null && standing.enoughData()) {
            return new BoardState("ranked", standing.basis());
        }
        if (standing != null) {
            return new BoardState("measured", "Measured, without a verdict: " + standing.notEnoughData() + ".");
        }
        if (record.inFlight() != null) {
            return new BoardState("measuring", "The first official run is under way.");
        }
        if (waiting != null) {
            return new BoardState(
                    "waiting",
                    "Asked for (" + waiting.reason() + "); number " + waiting.position() + " in line for an idle "
                            + board.hardwareClass() + " worker.");
        }
        if (claimedBy.isEmpty() && board.securedWithTheNeutralDriver()) {
            return new BoardState(
                    "no-stack",
                    "Not measured in " + board.security() + ": secured cells are measured with each stack's own"
                            + " client, and this board's workload uses the neutral driver.");
        }
        if (claimedBy.isEmpty()) {
            return new BoardState(
                    "no-stack",
                    "No stack implements " + board.catalog() + " with security mode " + board.security() + " yet.");
        }
        if (record.lastAttempt() != null) {
            return new BoardState(
                    "not-measured",
                    "Not measured yet: the last official run "
                            + record.lastAttempt().status()
                            + (record.lastAttempt().reason() == null
                                    ? ""
                                    : " (" + record.lastAttempt().reason() + ")")
                            + ".");
        }
        return new BoardState(
                "not-measured",
                "Not measured yet: no live " + board.hardwareClass() + " worker offers " + String.join(", ", claimedBy)
                        + ", or the board's turn has not come.");
    }
}
