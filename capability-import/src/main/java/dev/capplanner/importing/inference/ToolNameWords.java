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
        return withoutPrefix(name, sourceWords(source), verbs);
    }

    private static List<String> withoutPrefix(String name, Set<String> sourceWords, Set<String> verbs) {
        List<String> words = MutatingNames.words(name);
        for (int i = 0; i < words.size() - 1; i++) {
            String word = words.get(i);
            if (verbs.contains(word)) {
                return i == 0 ? words : words.subList(i, words.size());
            }
            if (!isPrefixWord(word, sourceWords)) {
                return words;
            }
        }
        return words;
    }

    /**
     * Verbs that end resource-first names ({@code ProductSearch}, {@code issues_list}) without being
     * their object: at the end of a verb-first name the verb list does not know
     * ({@code publishBook}, {@code schedulePost}, {@code executeQuery}), most others are nouns.
     */
    private static final Set<String> TRAILING_VERBS = Set.of("search", "list", "lookup", "find", "fetch", "retrieve",
            "get");

    /**
     * What a tool name says it does: a verb and the words it acts on (null verb: the name says no verb).
     * The verb leads after any prefix ({@code hubspot-list-objects}), or, in a resource-first name, it is
     * the last word: any verb when it is a method after a dot ({@code orders.list}, {@code tickets.view}),
     * else one of {@link #TRAILING_VERBS} ({@code web_search}). The subject then loses the same kind of
     * prefix as long as a word of it remains.
     */
    public record NamedAction(String verb, List<String> subject) {
        public NamedAction {
            subject = List.copyOf(subject);
        }
    }

    public static NamedAction action(String name, String source, Set<String> verbs) {
        Set<String> sourceWords = sourceWords(source);
        List<String> words = withoutPrefix(name, sourceWords, verbs);
        if (!words.isEmpty() && verbs.contains(words.get(0))) {
            return new NamedAction(words.get(0), words.subList(1, words.size()));
        }
        String last = words.isEmpty() ? null : words.get(words.size() - 1);
        if (words.size() < 2 || !verbs.contains(last) || !isMethodAfterDot(name) && !TRAILING_VERBS.contains(last)) {
            return new NamedAction(null, words);
        }
        int start = 0;
        while (start < words.size() - 2 && isPrefixWord(words.get(start), sourceWords)) {
            start++;
        }
        return new NamedAction(last, words.subList(start, words.size() - 1));
    }

    private static Set<String> sourceWords(String source) {
        return new HashSet<>(MutatingNames.words(source == null ? "" : source));
    }

    /** {@code tickets.view}: the name's last dotted part is one word. */
    private static boolean isMethodAfterDot(String name) {
        int dot = name.lastIndexOf('.');
        return dot >= 0 && MutatingNames.words(name.substring(dot + 1)).size() == 1;
    }

    private static boolean isPrefixWord(String word, Set<String> sourceWords) {
        return ofSource(word, sourceWords) || GENERIC.contains(word) || VERSION.matcher(word).matches();
    }

    /** A word of the source's name, or part of one: "parcel" and "point" of {@code parcelpoint}. */
    private static boolean ofSource(String word, Set<String> sourceWords) {
        return sourceWords.contains(word)
                || word.length() >= MIN_PART_LENGTH
                && sourceWords.stream().anyMatch(sourceWord -> sourceWord.contains(word));
    }
}
