package dev.capplanner.contracts.entities;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Records people name by a number: "issue 1234", "pull request #12", "PR #5000", "milestone no. 3". A
 * number is given for an input when a word of the input's name ({@code issue_number}: issue; an input
 * named only by generic words, {@code number}, takes the capability's entity instead) stands right
 * before it, possibly with "number", "request", "#" between, and it is within the input's bounds. The
 * router routes the reader of such a record and the planner binds the number by this one rule.
 */
public final class NumberedRecords {

    private static final Pattern NUMBER = Pattern.compile("(?<![\\p{Alnum}.#-])#?(\\d{1,12})(?![\\p{Alnum}-]|\\.\\d)");
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}#]+");
    /** How far back a number's naming words are looked for: a few words, never the whole question. */
    private static final int LOOK_BACK = 60;
    /** Words in a parameter's name that say nothing about what it identifies. */
    private static final Set<String> GENERIC = Set.of("number", "id", "no", "num", "nr", "identifier", "index", "key",
            "code", "ref");
    /** Abbreviations of the words a number is named by: "PR #4500" for {@code pull_number}. */
    private static final Map<String, String> ABBREVIATED = Map.of("pr", "pull", "mr", "merge");
    /** Words that may sit between a name word and its number: "issue number 12", "pull request #5". */
    private static final Set<String> BETWEEN = Set.of("number", "no", "nr", "num", "id", "request", "#");

    private NumberedRecords() {
    }

    /** A whole number written after a word of the parameter's name (or of the capability's entity). */
    public static Optional<Long> numberNamedBy(String parameter, Map<String, Object> schema, String entity,
                                               String question) {
        List<String> naming = nameWords(parameter);
        if (naming.isEmpty() && entity != null) {
            naming = List.of(entity.toLowerCase(Locale.ROOT).split("\\s+"));
        }
        if (naming.isEmpty() || question == null) {
            return Optional.empty();
        }
        Matcher number = NUMBER.matcher(question);
        while (number.find()) {
            for (String word : wordsBefore(question, number.start())) {
                String full = ABBREVIATED.get(singular(word));
                if (naming.contains(singular(word)) || full != null && naming.contains(full)) {
                    long value = Long.parseLong(number.group(1));
                    if (within(value, schema)) {
                        return Optional.of(value);
                    }
                    break;
                }
                if (!BETWEEN.contains(word)) {
                    break;
                }
            }
        }
        return Optional.empty();
    }

    /** The words of a parameter's name that say what it identifies, in the singular: {@code issue_number} -> issue. */
    public static List<String> nameWords(String parameter) {
        List<String> words = new ArrayList<>();
        for (String word : parameter.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT)
                .split("[^a-z0-9]+")) {
            if (!word.isEmpty() && !GENERIC.contains(word)) {
                words.add(singular(word));
            }
        }
        return words;
    }

    /** The last few words before {@code end}, nearest first, read from a bounded window. */
    private static List<String> wordsBefore(String question, int end) {
        Matcher word = WORD.matcher(question.substring(Math.max(0, end - LOOK_BACK), end).toLowerCase(Locale.ROOT));
        List<String> words = new ArrayList<>();
        while (word.find()) {
            words.add(0, word.group());
        }
        return words.size() > 4 ? words.subList(0, 4) : words;
    }

    private static boolean within(long value, Map<String, Object> schema) {
        if (schema.get("enum") instanceof List<?> allowed
                && allowed.stream().noneMatch(v -> v instanceof Number n && n.longValue() == value)) {
            return false;
        }
        return (!(schema.get("minimum") instanceof Number min) || value >= min.doubleValue())
                && (!(schema.get("maximum") instanceof Number max) || value <= max.doubleValue());
    }

    private static String singular(String word) {
        return word.length() > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.substring(0, word.length() - 1)
                : word;
    }
}
