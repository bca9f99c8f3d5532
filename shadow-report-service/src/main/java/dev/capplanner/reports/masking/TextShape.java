package dev.capplanner.reports.masking;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Set;

/**
 * What the shape of a text tells the maskers: whether it reads as English, whether it is written in
 * capitals, and where its sentences start (a capital there is no evidence of a name).
 */
final class TextShape {

    /** Abbreviations a name follows, whose full stop ends no sentence. */
    private static final Set<String> TITLES = Set.of("mr", "mrs", "ms", "dr", "prof", "st", "sr", "jr", "mme", "mlle",
            "sig", "sra", "hr", "fr");

    private TextShape() {
    }

    /**
     * Whether the text is read as English by its function words of two letters or more: one with
     * English ones is, unless other languages' (less those that are frequent English words too:
     * "also", "die", "van") outnumber them more than twice ("is nur uz waiting" is; a few foreign
     * words appended to an English text do not turn the stricter reading off); one without is not if
     * it has any other language's ("zeige die Bestellungen für Anna", "Pieter van der Berg möchte
     * kündigen"). A text with no function word at all ("CALLE", "Rossi?") is read as English, the
     * stricter reading. In an English
     * text another language's function word is no reason to keep a word next to a name.
     */
    static boolean english(CharSequence text, Vocabulary vocabulary) {
        FunctionWords count = new FunctionWords(vocabulary);
        // One buffer for every word: the look-ups take any character sequence, and most words are no function word.
        StringBuilder word = new StringBuilder();
        for (int at = 0; at < text.length(); ) {
            int codePoint = Character.codePointAt(text, at);
            if (!Character.isLetter(codePoint)) {
                at += Character.charCount(codePoint);
                continue;
            }
            word.setLength(0);
            while (at < text.length() && Character.isLetter(Character.codePointAt(text, at))) {
                int letter = Character.codePointAt(text, at);
                word.appendCodePoint(Character.toLowerCase(letter));
                at += Character.charCount(letter);
            }
            count.add(word);
        }
        return count.english();
    }

    /** The function words of a text, counted by language as {@link #english} reads them. */
    static final class FunctionWords {
        private final Vocabulary vocabulary;
        private int english;
        private int other;
        private int shared;

        FunctionWords(Vocabulary vocabulary) {
            this.vocabulary = vocabulary;
        }

        /** {@code word} lowercase. */
        void add(CharSequence word) {
            if (word.length() == 1) {
                // "a", "o", "e", "i", "y": function words of several languages at once, no evidence of one.
                return;
            }
            if (vocabulary.isEnglishFunctionWord(word)) {
                english++;
            } else if (vocabulary.isFunctionWord(word)) {
                // "also", "want", "die", "per", "van" are other languages' function words and English words
                // too: no evidence against English, but no text of none of either.
                if (vocabulary.isFrequentEnglish(word.toString())) {
                    shared++;
                } else {
                    other++;
                }
            }
        }

        boolean english() {
            return english > 0 ? 2 * english >= other : other == 0 && shared == 0;
        }
    }

    /**
     * Written in capitals (four of five cased letters or more): case tells nothing about names there.
     * A share, not every letter: "JARL OPENED A TICKET, pls" is written in capitals too.
     */
    static boolean writtenInCapitals(CharSequence text) {
        int upper = 0;
        int lower = 0;
        for (int at = 0; at < text.length(); at++) {
            char c = text.charAt(at);
            if (Character.isLowerCase(c)) {
                lower++;
            } else if (Character.isUpperCase(c)) {
                upper++;
            }
        }
        return upper > 0 && upper >= 4 * lower;
    }

    /**
     * At the text's start, after a line break, or after ". ", "! ", "? " that end a sentence: not after
     * an initial or a title ("J. Hilt", "Mr. Hilt"), and not after a colon, a quote or a bracket
     * ("customer: Hilt called", "the customer \"Hilt\"").
     */
    static boolean sentenceStart(CharSequence text, int start) {
        int at = start - 1;
        while (at >= 0 && Character.isWhitespace(text.charAt(at)) && text.charAt(at) != '\n' && text.charAt(at) != '\r') {
            at--;
        }
        if (at < 0 || text.charAt(at) == '\n' || text.charAt(at) == '\r' || text.charAt(at) == '!'
                || text.charAt(at) == '?') {
            return true;
        }
        if (text.charAt(at) != '.') {
            return false;
        }
        int wordEnd = at;
        int wordStart = wordEnd;
        while (wordStart > 0 && Character.isLetter(text.charAt(wordStart - 1))) {
            wordStart--;
        }
        String before = text.subSequence(wordStart, wordEnd).toString().toLowerCase(Locale.ROOT);
        return before.length() > 1 && !TITLES.contains(before);
    }

    /** A combining mark (an accent written as its own character). */
    static boolean isMark(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    /** The word without its accents ("müller" is "muller"): the census lists are written without them. */
    static String withoutAccents(String word) {
        if (isAscii(word)) {
            return word;
        }
        String decomposed = Normalizer.normalize(word, Normalizer.Form.NFD);
        StringBuilder plain = new StringBuilder(decomposed.length());
        for (int at = 0; at < decomposed.length(); at++) {
            char c = decomposed.charAt(at);
            if (Character.getType(c) != Character.NON_SPACING_MARK) {
                plain.append(c);
            }
        }
        return plain.toString();
    }

    private static boolean isAscii(String word) {
        for (int at = 0; at < word.length(); at++) {
            if (word.charAt(at) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** The end of a word without a possessive "'s" ("Rossi's" is "Rossi"). */
    static int withoutPossessive(CharSequence text, int start, int end) {
        if (end - start > 2 && (text.charAt(end - 2) == '\'' || text.charAt(end - 2) == '’')
                && (text.charAt(end - 1) == 's' || text.charAt(end - 1) == 'S')) {
            return end - 2;
        }
        return end;
    }
}
