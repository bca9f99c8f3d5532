package dev.capplanner.planner.capability;

import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Optional arguments the question states in terms the schema allows (rule "schema-valid filters"):
 * an enumerated parameter takes the one value of its enumeration the question names ("open
 * tickets" -> {@code status=open}; two named values, or none, bind nothing), and a limit-like integer
 * parameter takes the count of "the last 3", "top 5", "first 10" when it lies within the declared
 * range ("the 5 latest", "the two latest unpaid invoices", "three most recent orders" too: counts in
 * digits or words), or 1 for "the last order" (the tool's own entity in the singular after last, latest,
 * newest or most recent, one describing word allowed between: "her most recent overdue invoice"); the
 * count must reach the tool's entity before a preposition ("the last 3 days of orders", "the last 2
 * invoices" for an orders tool limit nothing). Date and amount ranges bind
 * where the schema has a parameter for them ({@link RangeFilters}). A parameter bound from the run
 * context is never filled; nothing outside the schema is.
 */
final class SchemaFilters {

    /** Parameters that name the field a list is sorted by. */
    private static final Set<String> SORTS = Set.of("sort", "sortby", "orderby", "sortfield");
    private static final Pattern DESCENDING = Pattern.compile(
            "\\b(?:most|latest|newest|recent|recently|highest|largest|biggest|top)\\b");
    private static final Pattern ASCENDING = Pattern.compile(
            "\\b(?:least|oldest|earliest|lowest|smallest|fewest)\\b");
    private static final Pattern BOUNDS = Pattern.compile("\\bat\\s+(?:most|least)\\b");
    private static final Set<String> LIMITS = Set.of("limit", "top", "count", "max", "size", "pagesize", "first",
            "perpage", "maxresults");
    /** The words after the count: the counted entity is among them, before any preposition. */
    private static final String COUNTED_WORDS = "((?:\\s+[\\p{L}][\\p{L}-]*){0,4})";
    private static final Pattern COUNTED = Pattern.compile(
            "\\b(?:last|latest|top|first|newest|recent)\\s+(\\d{1,4})\\b" + COUNTED_WORDS);
    /** "up to three of their cancelled orders": a bound, which limits only when what it counts is named. */
    private static final Pattern AT_MOST = Pattern.compile(
            "\\b(?:up\\s+to|at\\s+most|no\\s+more\\s+than)\\s+(\\d{1,4})\\b" + COUNTED_WORDS);
    /** "the 5 latest orders": the count before the word. */
    private static final Pattern COUNT_FIRST = Pattern.compile(
            "\\b(\\d{1,4})\\s+(?:last|latest|top|first|newest|most\\s+recent(?:ly\\s+[\\p{L}-]+)?|recent)\\b"
                    + COUNTED_WORDS);
    /** "of their", "of the": what follows a count of part of a whole. */
    private static final Pattern PARTITIVE = Pattern.compile(
            "^\\s+of\\s+(?:the|their|her|his|its|our|your|my|these|those)(?=\\s)");
    /** Words that end a count's phrase without naming anything: a verb, or a request's politeness. */
    private static final Set<String> PHRASE_ENDS = Set.of("is", "are", "was", "were", "will", "would", "should",
            "please", "thanks", "only", "be", "do", "does");
    private static final Set<String> STOPS = Set.of("of", "for", "on", "from", "by", "in", "to", "with", "at",
            "about", "since", "during", "within", "over", "before", "after", "that", "which", "who", "and", "or");
    private static final List<String> NUMBER_WORDS = List.of("one", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
            "eighteen", "nineteen", "twenty");
    /** A number word that is the whole number: not "twenty-five", "one hundred", "two thousand". */
    private static final Pattern NUMBER_WORD = Pattern.compile("(?<![\\p{L}-])(" + String.join("|", NUMBER_WORDS)
            + ")(?![\\p{L}-]|\\s+(?:" + String.join("|", NUMBER_WORDS) + "|hundred|thousand|million|dozen)\\b)");
    private static final Pattern NEWEST_ONE = Pattern.compile(
            "\\b(?:last|latest|newest|most\\s+recent)\\s+(?:([\\p{L}-]+)\\s+)?([\\p{L}]+)\\b");

    private SchemaFilters() {
    }

    /** The optional parameters the question gives values for, by name; {@code entity} is the tool's, if known. */
    static Map<String, Object> from(InputSchema input, String question, String entity) {
        Map<String, Object> filters = new LinkedHashMap<>();
        String asked = question.toLowerCase(Locale.ROOT);
        for (InputSchema.Parameter declared : input.parameters()) {
            if (declared.required() || declared.bound()) {
                continue;
            }
            String parameter = declared.name();
            Map<String, Object> schema = declared.schema();
            if (schema.get("enum") instanceof List<?> values) {
                List<Object> named = new ArrayList<>();
                for (Object value : values) {
                    if (value instanceof String text && mentions(asked, text)) {
                        named.add(value);
                    }
                }
                if (named.size() == 1) {
                    filters.put(parameter, named.get(0));
                }
            } else if ("integer".equals(schema.get("type"))
                    && LIMITS.contains(parameter.toLowerCase(Locale.ROOT).replace("_", ""))) {
                Integer count = count(asked, entity == null ? null : entity.toLowerCase(Locale.ROOT));
                if (count != null && count >= bound(schema.get("minimum"), 1)
                        && count <= bound(schema.get("maximum"), Integer.MAX_VALUE)) {
                    filters.put(parameter, count);
                }
            }
        }
        direction(input, filters, asked).ifPresent(bound -> filters.put(bound.getKey(), bound.getValue()));
        RangeFilters.from(input, question).forEach(filters::putIfAbsent);
        return filters;
    }

    /**
     * The direction of an order the question chose ("the most recently updated", "the oldest"): an
     * API's default direction may depend on the field it sorts by (GitHub's lists sort ascending by
     * any field but the creation date), so once a sort field is bound, its direction is bound too,
     * from the words that say it. Only an enumeration of the two directions is taken.
     */
    private static Optional<Map.Entry<String, Object>> direction(InputSchema input, Map<String, Object> filters,
                                                                 String asked) {
        boolean sorted = filters.keySet().stream()
                .anyMatch(name -> SORTS.contains(name.toLowerCase(Locale.ROOT).replace("_", "")));
        if (!sorted) {
            return Optional.empty();
        }
        // "the least recently updated": the oldest first, though "recently" alone says the newest.
        // "at least 3 comments", "at most 10": a count's bound, no order.
        String ordered = BOUNDS.matcher(asked).replaceAll(" ");
        boolean descending = DESCENDING.matcher(ordered.replaceAll("\\bleast\\s+recent(?:ly)?\\b", " ")).find();
        boolean ascending = ASCENDING.matcher(ordered).find();
        if (descending == ascending) {
            return Optional.empty();
        }
        for (InputSchema.Parameter declared : input.parameters()) {
            if (declared.required() || declared.bound() || filters.containsKey(declared.name())
                    || !(declared.schema().get("enum") instanceof List<?> values) || values.size() != 2) {
                continue;
            }
            for (Object value : values) {
                String text = String.valueOf(value).toLowerCase(Locale.ROOT);
                if (descending ? text.equals("desc") || text.equals("descending")
                        : text.equals("asc") || text.equals("ascending")) {
                    return Optional.of(Map.entry(declared.name(), value));
                }
            }
        }
        return Optional.empty();
    }

    private static Integer count(String asked, String entity) {
        String digits = inDigits(asked);
        for (Pattern pattern : List.of(COUNTED, COUNT_FIRST, AT_MOST)) {
            Matcher counted = pattern.matcher(digits);
            while (counted.find()) {
                boolean named = pattern == AT_MOST;
                if (entity == null && !named || entity != null && countsEntity(counted.group(2), entity, named)) {
                    return Integer.parseInt(counted.group(1));
                }
            }
        }
        Matcher newest = NEWEST_ONE.matcher(asked);
        while (newest.find()) {
            // "the newest order", "her most recent overdue invoice": one word may describe it on the way.
            if (entity != null && (newest.group(2).equals(entity)
                    || newest.group(1) != null && newest.group(1).equals(entity))) {
                return 1;
            }
        }
        return null;
    }

    /**
     * Whether the words after a count name the entity (its last word: "pull request") before a
     * preposition ends the phrase; a count with nothing after it counts the tool's entity.
     */
    private static boolean countsEntity(String following, String entity, boolean mustName) {
        String head = entity.substring(entity.lastIndexOf(' ') + 1);
        // "three of their cancelled orders": a partitive "of" leads to what is counted.
        String[] words = PARTITIVE.matcher(following).replaceFirst(" ").strip().split("\\s+");
        // "just the 6 newest is fine": nothing named right after the count, the tool's own records are counted.
        if (!mustName && (words[0].isEmpty() || PHRASE_ENDS.contains(words[0]))) {
            return true;
        }
        for (String word : words) {
            if (STOPS.contains(word) || PHRASE_ENDS.contains(word)) {
                return false;
            }
            if (QuestionFocus.namesEntity(word, head)) {
                return true;
            }
        }
        return false;
    }

    /** "the two latest" as "the 2 latest": counts written in words, up to twenty. */
    static String inDigits(String asked) {
        Matcher word = NUMBER_WORD.matcher(asked);
        StringBuilder digits = new StringBuilder();
        while (word.find()) {
            word.appendReplacement(digits, String.valueOf(NUMBER_WORDS.indexOf(word.group(1)) + 1));
        }
        word.appendTail(digits);
        return digits.toString();
    }

    /**
     * The value as whole words of the question ({@code in_transit} also as "in transit" and
     * "in-transit"): not preceded or followed by an ASCII letter or digit. Compared character by
     * character rather than by a pattern compiled per value: the planner asks it for every
     * enumerated value of every candidate, again for each chain it tries.
     */
    static boolean mentions(String asked, String value) {
        String wanted = value.toLowerCase(Locale.ROOT);
        for (int start = 0; start + wanted.length() <= asked.length(); start++) {
            if ((start == 0 || !asciiAlphanumeric(asked.charAt(start - 1))) && matchesAt(asked, start, wanted)
                    && (start + wanted.length() == asked.length()
                            || !asciiAlphanumeric(asked.charAt(start + wanted.length())))) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAt(String asked, int start, String wanted) {
        for (int i = 0; i < wanted.length(); i++) {
            char expected = wanted.charAt(i);
            char actual = asked.charAt(start + i);
            boolean separator = expected == '_' || expected == '-';
            if (separator ? actual != ' ' && actual != '_' && actual != '-' : actual != expected) {
                return false;
            }
        }
        return true;
    }

    private static boolean asciiAlphanumeric(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    private static int bound(Object value, int otherwise) {
        return value instanceof Number number ? number.intValue() : otherwise;
    }
}
