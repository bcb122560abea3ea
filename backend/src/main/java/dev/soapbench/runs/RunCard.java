package dev.soapbench.runs;

import dev.soapbench.results.ResultsSummary;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The picture a pasted link previews (1200 x 630 PNG, the size link previews use): the run's source,
 * and the median throughput of each stack of its first cell as a bar, with its band and interval.
 * Drawn with the JDK alone; text from the run (file names) is cut to fit, never interpreted.
 */
public final class RunCard {

    public static final int WIDTH = 1200;
    public static final int HEIGHT = 630;
    private static final int MAX_BARS = 8;
    private static final Color INK = new Color(0x1f, 0x29, 0x37);
    private static final Color MUTED = new Color(0x6b, 0x72, 0x80);
    private static final Color BAR = new Color(0x25, 0x63, 0xeb);
    private static final Color BAR_UNRANKED = new Color(0x9c, 0xa3, 0xaf);

    private RunCard() {}

    public static byte[] png(String title, String subtitle, ResultsSummary summary) {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            g.setColor(INK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 44));
            g.drawString(fit(g, title, WIDTH - 120), 60, 90);
            g.setColor(MUTED);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 26));
            g.drawString(fit(g, subtitle, WIDTH - 120), 60, 135);
            bars(g, summary);
            g.setColor(MUTED);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 22));
            g.drawString(
                    "SOAPBench · median throughput per stack with its interval; band 1 is the fastest",
                    60,
                    HEIGHT - 40);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void bars(Graphics2D g, ResultsSummary summary) {
        ResultsSummary.Cell cell = summary == null || summary.cells().isEmpty()
                ? null
                : summary.cells().get(0);
        List<ResultsSummary.StackFigures> stacks = cell == null
                ? List.of()
                : cell.stacks().stream()
                        .filter(s -> s.throughput() != null)
                        .limit(MAX_BARS)
                        .toList();
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 26));
        if (stacks.isEmpty()) {
            g.setColor(MUTED);
            g.drawString("No measurements yet.", 60, 260);
            return;
        }
        double max =
                stacks.stream().mapToDouble(s -> s.throughput().high()).max().orElse(1);
        int top = 180;
        int rowHeight = Math.min(48, (HEIGHT - 260) / stacks.size());
        int labelWidth = 330;
        int barLeft = 60 + labelWidth;
        // Room on the right for the figure and the band beside the longest bar.
        int barMax = WIDTH - barLeft - 330;
        for (int i = 0; i < stacks.size(); i++) {
            ResultsSummary.StackFigures s = stacks.get(i);
            int y = top + i * rowHeight;
            g.setColor(INK);
            g.drawString(fit(g, s.key(), labelWidth - 20), 60, y + rowHeight / 2 + 9);
            int length = (int) Math.max(2, barMax * s.throughput().median() / max);
            g.setColor(s.ranked() ? BAR : BAR_UNRANKED);
            g.fillRect(barLeft, y + 6, length, rowHeight - 12);
            // The interval as a whisker over the bar.
            g.setColor(INK);
            g.setStroke(new BasicStroke(2));
            int low = barLeft + (int) (barMax * s.throughput().low() / max);
            int high = barLeft + (int) (barMax * s.throughput().high() / max);
            g.drawLine(low, y + rowHeight / 2, high, y + rowHeight / 2);
            String figure = String.format(Locale.ROOT, "%,.0f/s", s.throughput().median())
                    + (s.ranked() && s.rank() != null ? "  band " + s.rank() : "");
            g.drawString(
                    fit(g, figure, WIDTH - 20 - (Math.max(barLeft + length, high) + 12)),
                    Math.max(barLeft + length, high) + 12,
                    y + rowHeight / 2 + 9);
        }
    }

    /** {@code text} cut with an ellipsis to fit {@code width} pixels in the current font. */
    static String fit(Graphics2D g, String text, int width) {
        String clean = text == null ? "" : text.replaceAll("\\p{Cntrl}", " ");
        if (g.getFontMetrics().stringWidth(clean) <= width) {
            return clean;
        }
        String cut = clean;
        while (!cut.isEmpty() && g.getFontMetrics().stringWidth(cut + "…") > width) {
            cut = cut.substring(0, cut.length() - 1);
        }
        return cut + "…";
    }
}
