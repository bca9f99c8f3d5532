package dev.capplanner.planner.capability;

import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The filters a question asks for that the plan cannot apply (the seed's "tell the user which
 * attributes cannot be provided"): a value the question names that some routed capability accepts
 * for an optional parameter (an enumeration's value: "cancelled" is an order status), while no
 * planned call was given it ("the cancelled tickets": tickets have no such status); and a word that
 * qualifies the entity a planned call lists, between its article and its noun, that no call applied
 * and the catalog does not use ("the urgent tickets": no schema can say urgent, so the answer says it
 * was not filtered by it rather than dropping it silently).
 */
final class UnmappedFilters {

    private static final int MAX_TOLD = 10;
    private static final int MAX_PHRASE = 200;
    /** Words read in a question (a longer one is read as far as that), and read back from a noun. */
    private static final int MAX_WORDS = 200;
    private static final int MAX_QUALIFIER_WALK = 3;
    /** A longer "word" is no adjective (and would not fit the plan contract's 200 characters a value). */
    private static final int MAX_QUALIFIER_CHARS = 40;
    /** Where the words that qualify a noun start: an article, a possessive determiner, a demonstrative, a quantifier. */
    private static final Set<String> DETERMINERS = Set.of("the", "a", "an", "this", "that", "these", "those", "my",
            "our", "your", "their", "his", "her", "its", "all", "any", "some", "every", "each", "no");
    /** Dates are read by the range filters ("last month", "this week"), told once as what they are. */
    private static final Set<String> TIME_WORDS = Set.of("day", "days", "week", "weeks", "month", "months", "year",
            "years", "quarter", "today", "yesterday", "tomorrow", "january", "february", "march", "april", "may",
            "june", "july", "august", "september", "october", "november", "december", "monday", "tuesday",
            "wednesday", "thursday", "friday", "saturday", "sunday", "ytd", "weekend");
    /** Order and quantity words: the planner reads them as a sort or a limit, not a filter. */
    private static final Set<String> ORDER_AND_QUANTITY = Set.of("last", "latest", "newest", "oldest", "recent", "most",
            "first", "previous", "current", "same", "other", "next", "top", "new", "old", "more", "few", "many",
            "several", "both", "earliest", "least", "fewer", "past", "prior", "older", "newer", "earlier", "later",
            "remaining", "further", "upcoming", "existing", "related", "matching", "relevant", "specific", "entire",
            "various", "whole", "only", "own", "such", "certain", "couple");
    private static final Set<String> NUMBER_WORDS = Set.of("one", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten", "eleven", "twelve", "twenty", "thirty", "forty", "fifty", "dozen", "hundred");

    private UnmappedFilters() {
    }

    static List<String> of(String question, Collection<ToolSpec> routed, List<PlannedCall> planned) {
        String asked = question.toLowerCase(Locale.ROOT);
        Set<String> applied = new LinkedHashSet<>();
        planned.forEach(call -> call.arguments().values().forEach(value -> applied.add(String.valueOf(value)
                .toLowerCase(Locale.ROOT))));
        Set<String> unmapped = new LinkedHashSet<>();
        for (ToolSpec tool : routed) {
            for (String value : optionalEnumValues(tool)) {
                if (!applied.contains(value.toLowerCase(Locale.ROOT)) && SchemaFilters.mentions(asked, value)) {
                    unmapped.add(value);
                }
            }
        }
        unmapped.addAll(qualifiers(question, routed, planned, applied));
        for (RangeFilters.Bound bound : RangeFilters.asked(question)) {
            if (bound.value() == null || !applied.contains(String.valueOf(bound.value()).toLowerCase(Locale.ROOT))) {
                unmapped.add(bound.phrase().length() <= MAX_PHRASE ? bound.phrase()
                        : bound.phrase().substring(0, MAX_PHRASE - 1) + "…");
            }
        }
        // The plan contract's bounds: at most ten, each at most 200 characters.
        return new ArrayList<>(unmapped).subList(0, Math.min(MAX_TOLD, unmapped.size()));
    }

    /**
     * Words between a determiner and a planned call's entity noun in the plural ("the urgent tickets", "all
     * unpaid invoices"): not a number, an order, quantity or time word, an adverb, a possessive, a name
     * (written with a capital inside a sentence), a value a call was given, or a word the routed catalog
     * uses itself (its names, entities, operations, parameters and descriptions: "support tickets").
     */
    static List<String> qualifiers(String question, Collection<ToolSpec> routed, List<PlannedCall> planned,
                                   Set<String> applied) {
        Map<String, ToolSpec> byName = new java.util.HashMap<>();
        routed.forEach(tool -> byName.put(tool.name(), tool));
        Set<String> nouns = new LinkedHashSet<>();
        for (PlannedCall call : planned) {
            ToolSpec tool = byName.get(call.tool());
            if (tool != null && tool.entity() != null && !tool.entity().isBlank()) {
                nouns.addAll(nounForms(tool.entity().toLowerCase(Locale.ROOT)));
            }
        }
        if (nouns.isEmpty()) {
            return List.of();
        }
        Set<String> catalogWords = catalogWords(routed);
        List<Word> words = words(question);
        Set<String> found = new LinkedHashSet<>();
        for (int i = 1; i < words.size() && found.size() < MAX_TOLD; i++) {
            if (!nouns.contains(words.get(i).lower())) {
                continue;
            }
            // Only between a determiner and the noun ("the urgent tickets", "all unpaid invoices"): without one,
            // the word before a noun is as often a verb ("count tickets", "did C-1005 place orders") or a name.
            Set<String> before = new LinkedHashSet<>();
            boolean determined = false;
            for (int k = i - 1; k >= 0 && i - k <= MAX_QUALIFIER_WALK && words.get(k).joinedToNext(); k--) {
                Word word = words.get(k);
                String lower = word.lower();
                if (DETERMINERS.contains(lower)) {
                    determined = true;
                    break;
                }
                if (ORDER_AND_QUANTITY.contains(lower) || NUMBER_WORDS.contains(lower) || TIME_WORDS.contains(lower)
                        || word.hasDigit() || (lower.endsWith("ly") && lower.length() > 4)) {
                    continue;
                }
                if (word.possessive() || !word.letters() || word.capitalizedInside()) {
                    break;
                }
                if (lower.length() >= 3 && lower.length() <= MAX_QUALIFIER_CHARS && !applied.contains(lower)
                        && !catalogWords.contains(lower) && !catalogWords.contains(singular(lower))) {
                    before.add(lower);
                }
            }
            if (determined) {
                found.addAll(before);
            }
        }
        return List.copyOf(found);
    }

    /** The entity's noun in the plural: a list is filtered, "order O-5002" is one order ("who placed order ..."). */
    private static Set<String> nounForms(String entity) {
        String noun = entity.replaceAll("[^a-z]+", " ").strip();
        int space = noun.lastIndexOf(' ');
        noun = space >= 0 ? noun.substring(space + 1) : noun;
        if (noun.isEmpty()) {
            return Set.of();
        }
        Set<String> forms = new LinkedHashSet<>(List.of(noun + "s", noun + "es"));
        if (noun.endsWith("y")) {
            forms.add(noun.substring(0, noun.length() - 1) + "ies");
        }
        return forms;
    }

    private static String singular(String word) {
        return word.endsWith("s") ? word.substring(0, word.length() - 1) : word;
    }

    /** Every word the routed catalog writes: names, entities, operations, parameter names, enum values, descriptions. */
    private static Set<String> catalogWords(Collection<ToolSpec> routed) {
        Set<String> words = new java.util.HashSet<>();
        for (ToolSpec tool : routed) {
            StringBuilder text = new StringBuilder(tool.name());
            for (String part : java.util.Arrays.asList(tool.entity(), tool.operation(), tool.description())) {
                if (part != null) {
                    text.append(' ').append(part);
                }
            }
            for (InputSchema.Parameter parameter : tool.input().parameters()) {
                text.append(' ').append(parameter.name());
                parameter.enumValues().forEach(value -> text.append(' ').append(value));
            }
            // camelCase and snake_case names split into their words.
            for (String word : text.toString().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT)
                    .split("[^a-z]+")) {
                if (!word.isEmpty()) {
                    words.add(word);
                    words.add(singular(word));
                }
            }
        }
        return words;
    }

    /** A word of the question and what follows it. */
    private record Word(String text, boolean joinedToNext, boolean sentenceStart) {
        String lower() {
            return text.toLowerCase(Locale.ROOT);
        }

        boolean hasDigit() {
            return text.chars().anyMatch(Character::isDigit);
        }

        boolean letters() {
            return text.chars().allMatch(c -> Character.isLetter(c) || c == '-');
        }

        boolean possessive() {
            return text.endsWith("'s") || text.endsWith("’s") || text.endsWith("s'");
        }

        boolean capitalizedInside() {
            return !sentenceStart && Character.isUpperCase(text.charAt(0));
        }
    }

    /** The question's words; a word is joined to the next when only spaces stand between them. */
    private static List<Word> words(String question) {
        List<Word> words = new ArrayList<>();
        int at = 0;
        boolean sentenceStart = true;
        while (at < question.length() && words.size() < MAX_WORDS) {
            char c = question.charAt(at);
            if (!Character.isLetterOrDigit(c)) {
                if (c == '.' || c == '?' || c == '!' || c == ':' || c == ';' || c == '\n') {
                    sentenceStart = true;
                }
                at++;
                continue;
            }
            int end = at;
            while (end < question.length() && (Character.isLetterOrDigit(question.charAt(end))
                    || "'’-".indexOf(question.charAt(end)) >= 0)) {
                end++;
            }
            int next = end;
            while (next < question.length() && question.charAt(next) == ' ') {
                next++;
            }
            boolean joined = next > end && next < question.length() && Character.isLetterOrDigit(question.charAt(next));
            words.add(new Word(question.substring(at, end), joined, sentenceStart));
            sentenceStart = false;
            at = end;
        }
        return words;
    }

    private static List<String> optionalEnumValues(ToolSpec tool) {
        List<String> values = new ArrayList<>();
        for (InputSchema.Parameter parameter : tool.input().parameters()) {
            if (!parameter.required() && !parameter.bound()) {
                parameter.enumValues().stream().filter(String.class::isInstance).map(String.class::cast)
                        .forEach(values::add);
            }
        }
        return values;
    }
}
