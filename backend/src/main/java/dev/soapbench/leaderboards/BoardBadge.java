package dev.soapbench.leaderboards;

import java.util.Locale;
import java.util.Optional;
import org.springframework.web.util.HtmlUtils;

/**
 * A stack's place on a board as a small SVG badge for a README ("Apache CXF 4.2.3 | band 2 of 3 ·
 * Echo, 1 KB messages"). Bands, not positions: stacks of one band are not shown to differ, so two
 * stacks may both be in band 1. Every text is escaped; widths are estimated from character counts,
 * as badge services do without fonts.
 */
final class BoardBadge {

    private static final int CHAR_WIDTH = 7;
    private static final int PADDING = 10;

    private BoardBadge() {}

    /** The badge of {@code stackId} on the page's board; empty when the stack was not on its last official run. */
    static Optional<String> svg(BoardPage page, String stackId) {
        if (page.standing() == null) {
            return Optional.of(render(stackId, "not measured yet · " + page.title(), "#9f9f9f"));
        }
        BoardPage.Standing standing = page.standing();
        int bands = standing.entries().stream()
                .filter(e -> e.band() != null)
                .mapToInt(BoardPage.Entry::band)
                .max()
                .orElse(0);
        return standing.entries().stream()
                .filter(e -> e.stack().equals(stackId))
                .findFirst()
                .map(entry -> {
                    String label = entry.displayName() + " " + entry.version();
                    if (!standing.enoughData()) {
                        return render(label, "not enough data · " + page.title(), "#9f9f9f");
                    }
                    if (entry.band() == null) {
                        return render(label, "not ranked · " + page.title(), "#9f9f9f");
                    }
                    String colour = entry.band() == 1 ? "#2e7d32" : "#1565c0";
                    return render(label, "band " + entry.band() + " of " + bands + " · " + page.title(), colour);
                });
    }

    private static String render(String label, String message, String colour) {
        int labelWidth = label.length() * CHAR_WIDTH + PADDING;
        int messageWidth = message.length() * CHAR_WIDTH + PADDING;
        int width = labelWidth + messageWidth;
        String title = escape(label + ": " + message);
        return String.format(
                Locale.ROOT,
                """
                <svg xmlns="http://www.w3.org/2000/svg" width="%d" height="20" role="img" aria-label="%s">\
                <title>%s</title>\
                <rect width="%d" height="20" fill="#555"/>\
                <rect x="%d" width="%d" height="20" fill="%s"/>\
                <g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">\
                <text x="%d" y="14">%s</text>\
                <text x="%d" y="14">%s</text>\
                </g></svg>
                """,
                width,
                title,
                title,
                labelWidth,
                labelWidth,
                messageWidth,
                colour,
                PADDING / 2,
                escape(label),
                labelWidth + PADDING / 2,
                escape(message));
    }

    private static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }
}
