package dev.capplanner.importing.inference;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A tool name's words without its vendor and version prefix, so that the operation is read from the
 * verb behind them: {@code hubspot-list-objects} on the server {@code hubspot} and
 * {@code ParcelPointApiV2--ListShipments} on {@code parcelpoint} both begin with "list". Leading words
 * are a prefix only when they are words of the source's own name (or parts of one), version markers
 * ({@code v2}, {@code v1beta}, a bare number) or a generic word ({@code api}, {@code mcp}, ...), and
 * only when a known verb follows them: {@code weather_forecast} on the server {@code weather} keeps both words, since no
 * verb says what "forecast" would be the operation of.
 */
public final class ToolNameWords {

    private static final Set<String> GENERIC = Set.of("api", "apis", "mcp", "tool", "tools", "service", "server",
            "sdk", "app", "client");
    /** Shorter parts ("an", "io") are found inside too many names to say anything. */
    private static final int MIN_PART_LENGTH = 3;
    private static final Pattern VERSION = Pattern.compile("v\\d+[a-z]*\\d*|\\d+");

    private ToolNameWords() {
    }

    /**
     * @param name   the tool's name
     * @param source the server's or source's name ({@code hubspot}, {@code mcp:google-maps})
     * @param verbs  the verbs an operation can be read from
     */
    public static List<String> withoutPrefix(String name, String source, Set<String> verbs) {
        List<String> words = MutatingNames.words(name);
        Set<String> sourceWords = new HashSet<>(MutatingNames.words(source == null ? "" : source));
        for (int i = 0; i < words.size() - 1; i++) {
            String word = words.get(i);
            if (verbs.contains(word)) {
                return i == 0 ? words : words.subList(i, words.size());
            }
            if (!ofSource(word, sourceWords) && !GENERIC.contains(word) && !VERSION.matcher(word).matches()) {
                return words;
            }
        }
        return words;
    }

    /** A word of the source's name, or part of one: "parcel" and "point" of {@code parcelpoint}. */
    private static boolean ofSource(String word, Set<String> sourceWords) {
        return sourceWords.contains(word)
                || word.length() >= MIN_PART_LENGTH
                && sourceWords.stream().anyMatch(sourceWord -> sourceWord.contains(word));
    }
}
