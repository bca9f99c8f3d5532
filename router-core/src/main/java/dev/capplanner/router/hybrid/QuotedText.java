package dev.capplanner.router.hybrid;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request with its quoted text set aside, so that no sentence end, "then" or "and" inside a quote
 * is taken for a boundary: each quote becomes one placeholder character, put back by {@link #restore}.
 */
final class QuotedText {

    private static final Pattern QUOTED = Pattern.compile("\"[^\"]*\"|“[^”]*”|«[^»]*»"
            + "|(?<![\\p{L}\\p{N}])'[^']*'(?![\\p{L}\\p{N}])");
    /** Quoted text is replaced by private-use characters (no letters, no digits): one per quote. */
    private static final char PLACEHOLDER_BASE = '\uE100';
    private static final Pattern PLACEHOLDER = Pattern.compile("\uE000(.)\uE001");

    private final List<String> quotes = new ArrayList<>();
    private final String masked;

    QuotedText(String text) {
        Matcher quoted = QUOTED.matcher(text);
        StringBuilder masking = new StringBuilder();
        while (quoted.find()) {
            quotes.add(quoted.group());
            quoted.appendReplacement(masking, "\uE000" + (char) (PLACEHOLDER_BASE + quotes.size() - 1) + "\uE001");
        }
        quoted.appendTail(masking);
        this.masked = masking.toString();
    }

    /** The text with every quote as a placeholder. */
    String masked() {
        return masked;
    }

    /** A part of the masked text with its quotes put back. */
    String restore(String part) {
        Matcher placeholder = PLACEHOLDER.matcher(part);
        StringBuilder restored = new StringBuilder();
        while (placeholder.find()) {
            placeholder.appendReplacement(restored, Matcher.quoteReplacement(
                    quotes.get(placeholder.group(1).charAt(0) - PLACEHOLDER_BASE)));
        }
        placeholder.appendTail(restored);
        return restored.toString();
    }
}
