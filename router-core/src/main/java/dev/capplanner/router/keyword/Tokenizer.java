package dev.capplanner.router.keyword;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Splits text and identifiers into comparable terms: camelCase, snake_case, kebab-case and dotted
 * names are split, letters lower-cased, stop words dropped, and plural endings folded so that
 * "orders" meets "order".
 */
public final class Tokenizer {

    private static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "of", "for", "to", "in", "on", "at", "by",
            "and", "or", "is", "are", "was", "me", "my", "i", "you", "your", "we", "our", "it", "its", "this", "that",
            "these", "those", "show", "please", "can", "could", "would", "what", "which", "with", "from", "get", "give",
            "tell", "about", "do", "does", "did", "all", "any", "some", "into", "will");

    public List<String> terms(String text) {
        List<String> terms = new ArrayList<>();
        if (text == null) {
            return terms;
        }
        String spaced = text.replaceAll("([a-z0-9])([A-Z])", "$1 $2");
        for (String raw : spaced.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (raw.isEmpty() || STOP_WORDS.contains(raw)) {
                continue;
            }
            terms.add(stem(raw));
        }
        return terms;
    }

    public String stem(String word) {
        if (word.length() > 4 && word.endsWith("ies")) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.length() > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }
}
