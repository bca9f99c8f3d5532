package dev.capplanner.contracts.entities;

import java.util.Locale;
import java.util.Map;

/**
 * The words a question names a capability's entity by: "commits" names {@code commit},
 * "repositories" names {@code repo} (the abbreviation an API's paths use), "branches" names
 * {@code branch}. Read by the router; the planner's own reading ({@code QuestionFocus}) predates it.
 */
public final class EntityWords {

    /** Words and the entity names that abbreviate them. */
    private static final Map<String, String> ABBREVIATED = Map.ofEntries(Map.entry("repository", "repo"),
            Map.entry("organization", "org"), Map.entry("organisation", "org"), Map.entry("application", "app"),
            Map.entry("environment", "env"), Map.entry("configuration", "config"), Map.entry("information", "info"),
            Map.entry("document", "doc"), Map.entry("specification", "spec"), Map.entry("statistic", "stat"),
            Map.entry("administrator", "admin"), Map.entry("authorization", "auth"), Map.entry("message", "msg"),
            Map.entry("directory", "dir"), Map.entry("database", "db"), Map.entry("subscription", "sub"));

    private EntityWords() {
    }

    /** The last word of an entity's name, lower case: "pull request" is named by "request"s. */
    public static String head(String entity) {
        String lower = entity.toLowerCase(Locale.ROOT).strip();
        return lower.substring(lower.lastIndexOf(' ') + 1);
    }

    /** The entity name that abbreviates a (singular, lower-case) word: {@code repo} for "repository"; else null. */
    public static String abbreviationOf(String word) {
        return ABBREVIATED.get(word);
    }

    /** The singular words that name an entity's head: itself, and the words it abbreviates ("repository" for repo). */
    public static java.util.Set<String> namedBy(String head) {
        java.util.Set<String> words = new java.util.TreeSet<>();
        words.add(singular(head));
        ABBREVIATED.forEach((word, abbreviation) -> {
            if (abbreviation.equals(head)) {
                words.add(word);
            }
        });
        return words;
    }

    /** Whether the (lower-case) word is written in the plural: it names several. */
    public static boolean plural(String word) {
        return !singular(word).equals(word);
    }

    /** English plurals of nouns: -ies, -ches, -shes, -sses, -xes, -s (not -ss, not "is", "was"). */
    public static String singular(String word) {
        if (word.endsWith("ies") && word.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.endsWith("sses") || word.endsWith("shes") || word.endsWith("ches") || word.endsWith("xes")) {
            return word.substring(0, word.length() - 2);
        }
        if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && word.length() > 3) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }
}
