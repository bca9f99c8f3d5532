package dev.capplanner.router.keyword;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.text.Normalizer;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Splits text and identifiers into comparable terms: camelCase, snake_case, kebab-case and dotted
 * names are split, letters lower-cased, stop words dropped, and plural endings folded so that
 * "orders" meets "order". Before that, every script is brought to one form ({@link #normalized}):
 * combining marks go (Latin accents, Arabic and Persian diacritics, which would otherwise split a word
 * in two), Arabic letter variants meet their Persian forms (ي/ى/ئ and ی, ك and ک, ة and ه, hamza seats),
 * the tatweel goes, a zero-width non-joiner separates (Persian "کتاب‌ها" gives "کتاب" and its plural
 * suffix), and Arabic-Indic and Persian digits become ASCII digits.
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
        String spaced = normalized(text).replaceAll("([a-z0-9])([A-Z])", "$1 $2");
        for (String raw : spaced.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (raw.isEmpty() || STOP_WORDS.contains(raw)) {
                continue;
            }
            terms.add(stem(raw));
        }
        return terms;
    }

    private static final Pattern COMBINING_MARKS = Pattern.compile("\\p{M}+");

    /** The text in one form per script (see the class comment); ASCII text comes back unchanged. */
    static String normalized(String text) {
        if (text.chars().allMatch(c -> c < 0x80)) {
            return text;
        }
        String decomposed = Normalizer.normalize(text, Normalizer.Form.NFD);
        StringBuilder folded = new StringBuilder(decomposed.length());
        for (char c : COMBINING_MARKS.matcher(decomposed).replaceAll("").toCharArray()) {
            switch (c) {
                case '\u064A', '\u0649', '\u0626' -> folded.append('\u06CC'); // Arabic yeh, alef maksura, yeh with hamza
                case '\u0643' -> folded.append('\u06A9'); // Arabic kaf -> keheh
                case '\u0629' -> folded.append('\u0647'); // teh marbuta -> heh
                case '\u0624' -> folded.append('\u0648'); // waw with hamza -> waw
                case '\u0671' -> folded.append('\u0627'); // alef wasla -> alef
                case '\u0640', '\u200D' -> { } // tatweel, zero-width joiner
                case '\u200C' -> folded.append(' '); // zero-width non-joiner separates
                default -> folded.append(c >= '\u0660' && c <= '\u0669' ? (char) ('0' + c - '\u0660')
                        : c >= '\u06F0' && c <= '\u06F9' ? (char) ('0' + c - '\u06F0') : c);
            }
        }
        return Normalizer.normalize(folded, Normalizer.Form.NFC);
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
