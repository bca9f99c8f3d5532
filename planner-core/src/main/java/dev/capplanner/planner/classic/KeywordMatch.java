package dev.capplanner.planner.classic;

import dev.capplanner.planner.plan.ToolSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The legacy rule's keyword match over the whole catalog: each question word a tool's name, entity or
 * operation holds counts twice, a word only its description holds once, every word weighted by how
 * rare it is in the catalog (a word every tool carries tells nothing). Words are compared
 * lower-cased, with a plural {@code s} dropped, so "orders" meets {@code orders.list} and "details"
 * meets {@code orders.detail}. Nothing else: no synonyms, no embeddings, no routing.
 */
final class KeywordMatch {

    private static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "of", "for", "to", "in", "on", "at", "by",
            "with", "and", "or", "is", "are", "was", "were", "be", "me", "my", "i", "you", "your", "we", "our", "it",
            "its", "this", "that", "these", "those", "what", "which", "who", "whom", "where", "when", "how", "do",
            "does", "did", "can", "could", "would", "please", "from", "as", "all", "any", "there", "their", "them",
            "her", "his", "she", "he", "they", "about", "right", "now");
    private static final Pattern CAMEL_CASE = Pattern.compile("([a-z])([A-Z])");
    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
    /**
     * Words of the catalog's names, entities, operations and descriptions, by text: capability
     * content, the same in every turn's snapshot; never a question's. Bounded in entries and in the
     * length of a text kept (a few MB at most, shared by every tenant): a registry larger than this
     * starts over rather than growing, and a longer text is split at every turn as before.
     */
    private static final Map<String, List<String>> TOOL_WORDS = new ConcurrentHashMap<>();
    private static final int MAX_TOOL_TEXTS = 4_096;
    private static final int MAX_KEPT_TEXT_LENGTH = 1_000;
    private static final double NAME_WEIGHT = 2;
    private static final double DESCRIPTION_WEIGHT = 1;

    private record Terms(Set<String> named, Set<String> described) {
        boolean has(String term) {
            return named.contains(term) || described.contains(term);
        }
    }

    /** A tool and how well the question's words match it. */
    record Match(ToolSpec tool, double score) {
    }

    private final Map<ToolSpec, Terms> termsByTool = new HashMap<>();
    private final Map<String, Integer> toolsWithTerm = new HashMap<>();

    KeywordMatch(List<ToolSpec> catalog) {
        for (ToolSpec tool : catalog) {
            Set<String> named = new HashSet<>(toolWords(nameOf(tool.name())));
            if (tool.entity() != null) {
                named.addAll(toolWords(tool.entity()));
            }
            if (tool.operation() != null) {
                named.addAll(toolWords(tool.operation()));
            }
            Set<String> described = new HashSet<>(toolWords(tool.description()));
            Terms terms = new Terms(named, described);
            termsByTool.put(tool, terms);
            Set<String> all = new HashSet<>(named);
            all.addAll(described);
            all.forEach(term -> toolsWithTerm.merge(term, 1, Integer::sum));
        }
    }

    /** The tools any question word matches, best first (ties: fewer required inputs, then by name). */
    List<Match> ranked(String question) {
        Set<String> asked = new HashSet<>(words(question));
        List<Match> matches = new ArrayList<>();
        termsByTool.forEach((tool, terms) -> {
            double score = 0;
            for (String term : asked) {
                if (terms.has(term)) {
                    double rarity = Math.log(1 + (double) termsByTool.size() / toolsWithTerm.get(term));
                    score += rarity * (terms.named().contains(term) ? NAME_WEIGHT : DESCRIPTION_WEIGHT);
                }
            }
            if (score > 0) {
                matches.add(new Match(tool, score));
            }
        });
        matches.sort(Comparator.comparingDouble(Match::score).reversed()
                .thenComparingInt(m -> m.tool().requiredInputs().size())
                .thenComparing(m -> m.tool().name()));
        return matches;
    }

    /** A registry name without its source prefix: {@code api:crm/orders.list} is {@code orders.list}. */
    private static String nameOf(String qualified) {
        return qualified.substring(qualified.lastIndexOf('/') + 1);
    }

    /** A tool's own text as words, each text read once however many turns its catalog serves. */
    private static List<String> toolWords(String text) {
        if (text == null || text.length() > MAX_KEPT_TEXT_LENGTH) {
            return words(text);
        }
        List<String> known = TOOL_WORDS.get(text);
        if (known != null) {
            return known;
        }
        if (TOOL_WORDS.size() >= MAX_TOOL_TEXTS) {
            TOOL_WORDS.clear();
        }
        List<String> words = List.copyOf(words(text));
        TOOL_WORDS.put(text, words);
        return words;
    }

    static List<String> words(String text) {
        if (text == null) {
            return List.of();
        }
        String spaced = CAMEL_CASE.matcher(text).replaceAll("$1 $2").toLowerCase(Locale.ROOT);
        List<String> words = new ArrayList<>();
        for (String word : NOT_WORD.split(spaced)) {
            if (word.length() < 2 || STOP_WORDS.contains(word) || word.chars().allMatch(Character::isDigit)) {
                continue;
            }
            words.add(singular(word));
        }
        return words;
    }

    private static String singular(String word) {
        if (word.length() > 3 && word.endsWith("s") && !word.endsWith("ss")) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }
}
