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
    /** Numbers read from one question, at most: a question, not a table of figures. */
    private static final int MOST_NUMBERS = 32;
    /** Words in a parameter's name that say nothing about what it identifies. */
    private static final Set<String> GENERIC = Set.of("number", "id", "no", "num", "nr", "identifier", "index", "key",
            "code", "ref");
    /** Abbreviations of the words a number is named by: "PR #4500" for {@code pull_number}. */
    private static final Map<String, String> ABBREVIATED = Map.of("pr", "pull", "mr", "merge");
    /** Words that may sit between a name word and its number: "issue number 12", "pull request #5". */
    private static final Set<String> BETWEEN = Set.of("number", "no", "nr", "num", "id", "request", "#");

    private NumberedRecords() {
    }

    /** A number the question writes and the few words before it, nearest first. */
    public record WrittenNumber(long value, List<String> wordsBefore) {
        public WrittenNumber {
            wordsBefore = List.copyOf(wordsBefore);
        }
    }

    /** A whole number written after a word of the parameter's name (or of the capability's entity). */
    public static Optional<Long> numberNamedBy(String parameter, Map<String, Object> schema, String entity,
                                               String question) {
        return question == null ? Optional.empty() : namedBy(naming(parameter, entity), schema, numbers(question));
    }

    /**
     * The words that name a parameter's number: its name's, or, for a name of generic words only
     * ({@code id}), the entity's, all of them ("key 12" for the {@code id} of a key, "check run 7").
     */
    public static List<String> naming(String parameter, String entity) {
        List<String> naming = nameWords(parameter);
        if (!naming.isEmpty() || entity == null) {
            return naming;
        }
        List<String> words = new ArrayList<>();
        for (String word : entity.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                words.add(singular(word));
            }
        }
        return words;
    }

    /** The question's whole numbers, each with the few words before it: read once per question. */
    public static List<WrittenNumber> numbers(String question) {
        List<WrittenNumber> numbers = new ArrayList<>();
        Matcher number = NUMBER.matcher(question);
        while (number.find() && numbers.size() < MOST_NUMBERS) {
            numbers.add(new WrittenNumber(Long.parseLong(number.group(1)), wordsBefore(question, number.start())));
        }
        return numbers;
    }

    /**
     * The words that may name one of these numbers, in the singular, abbreviations written out ("pr":
     * pull): a capability whose naming words hold none of them is named by none of the numbers.
     */
    public static Set<String> namingCandidates(List<WrittenNumber> numbers) {
        Set<String> words = new java.util.HashSet<>();
        for (WrittenNumber number : numbers) {
            for (String word : number.wordsBefore()) {
                words.add(singular(word));
                if (ABBREVIATED.containsKey(singular(word))) {
                    words.add(ABBREVIATED.get(singular(word)));
                }
                if (!BETWEEN.contains(word)) {
                    break;
                }
            }
        }
        return words;
    }

    /** The first number named by one of the naming words and within the schema's bounds. */
    public static Optional<Long> namedBy(List<String> naming, Map<String, Object> schema, List<WrittenNumber> numbers) {
        if (naming.isEmpty()) {
            return Optional.empty();
        }
        for (WrittenNumber number : numbers) {
            for (String word : number.wordsBefore()) {
                String full = ABBREVIATED.get(singular(word));
                if (naming.contains(singular(word)) || full != null && naming.contains(full)) {
                    if (within(number.value(), schema == null ? Map.of() : schema)) {
                        return Optional.of(number.value());
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
