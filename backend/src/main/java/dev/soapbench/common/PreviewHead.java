package dev.soapbench.common;

import org.springframework.web.util.HtmlUtils;

/**
 * The head elements a pasted link previews with: the page's title and its OpenGraph and Twitter
 * tags with a card image, every value HTML-escaped. Link previewers run no scripts, so these go
 * into the page the server sends.
 */
public final class PreviewHead {

    private PreviewHead() {}

    public static String of(String title, String description, String url, String image, int width, int height) {
        StringBuilder head = new StringBuilder();
        head.append("<title>").append(escape(title)).append(" · SOAPBench</title>");
        meta(head, "property", "og:type", "website");
        meta(head, "property", "og:site_name", "SOAPBench");
        meta(head, "property", "og:title", title);
        meta(head, "property", "og:description", description);
        meta(head, "property", "og:url", url);
        meta(head, "property", "og:image", image);
        meta(head, "property", "og:image:width", String.valueOf(width));
        meta(head, "property", "og:image:height", String.valueOf(height));
        meta(head, "name", "twitter:card", "summary_large_image");
        meta(head, "name", "twitter:title", title);
        meta(head, "name", "twitter:description", description);
        meta(head, "name", "twitter:image", image);
        meta(head, "name", "description", description);
        return head.toString();
    }

    private static void meta(StringBuilder head, String attribute, String name, String content) {
        head.append("\n    <meta ")
                .append(attribute)
                .append("=\"")
                .append(escape(name))
                .append("\" content=\"")
                .append(escape(content))
                .append("\" />");
    }

    private static String escape(String text) {
        return HtmlUtils.htmlEscape(text == null ? "" : text, "UTF-8");
    }
}
