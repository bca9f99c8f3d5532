package dev.capplanner.reports.masking;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The word lists strict masking decides by (resources under {@code vocabulary/}, built by
 * {@code scripts/vocabulary/build-vocabulary.sh}; sources and licences in {@code PROVENANCE.md} there):
 * common words of several languages, function words, given names and surnames from the US census,
 * and the proper nouns the word lists themselves spell with a capital. All lowercase.
 */
public final class Vocabulary {

    /** What a word is, read from the lists in the order that decides: a name beats a common word. */
    public enum WordClass {
        /** An English function word, modal, month or weekday: kept even where a name list has it too. */
        FUNCTION,
        /** A given name or surname. */
        PERSON,
        /** Another proper noun (a place, a brand) the word lists spell only with a capital. */
        PROPER_NOUN,
        /** A common word of one of the languages, or a function word of another language. */
        COMMON,
        /** In no list. */
        UNKNOWN
    }

    private static Vocabulary shipped;

    private final WordSet englishFunctionWords;
    private final WordSet functionWords;
    private final WordSet givenNames;
    private final WordSet surnames;
    private final WordSet properNouns;
    private final WordSet commonWords;

    public Vocabulary(WordSet englishFunctionWords, WordSet functionWords, WordSet givenNames, WordSet surnames,
                      WordSet properNouns, WordSet commonWords) {
        this.englishFunctionWords = englishFunctionWords;
        this.functionWords = functionWords;
        this.givenNames = givenNames;
        this.surnames = surnames;
        this.properNouns = properNouns;
        this.commonWords = commonWords;
    }

    /** The lists shipped in the service, read once per JVM. */
    public static synchronized Vocabulary shipped() {
        if (shipped == null) {
            shipped = new Vocabulary(read("english-function-words"), read("function-words"), read("given-names"),
                    read("surnames"), read("proper-nouns"), read("common-words"));
        }
        return shipped;
    }

    /** {@code word} lowercase. */
    public WordClass classify(CharSequence word) {
        if (englishFunctionWords.contains(word)) {
            return WordClass.FUNCTION;
        }
        if (givenNames.contains(word) || surnames.contains(word)) {
            return WordClass.PERSON;
        }
        if (properNouns.contains(word)) {
            return WordClass.PROPER_NOUN;
        }
        if (commonWords.contains(word) || functionWords.contains(word)) {
            return WordClass.COMMON;
        }
        return WordClass.UNKNOWN;
    }

    public boolean isGivenName(CharSequence word) {
        return givenNames.contains(word);
    }

    public boolean isSurname(CharSequence word) {
        return surnames.contains(word);
    }

    WordSet givenNames() {
        return givenNames;
    }

    WordSet surnames() {
        return surnames;
    }

    private static WordSet read(String list) {
        String path = "/vocabulary/" + list + ".txt.gz";
        try (InputStream in = Vocabulary.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the word list " + path + " is not on the class path");
            }
            return WordSet.readGzip(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
