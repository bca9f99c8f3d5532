package dev.capplanner.reports.masking;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The word lists strict masking decides by (resources under {@code vocabulary/}, built by
 * {@code scripts/vocabulary/build-vocabulary.sh}; sources and licences in {@code PROVENANCE.md} there):
 * common words of several languages, function words, given names and surnames from the US census,
 * and the proper nouns the word lists themselves spell with a capital; and for the name detector the
 * registry names (US Social Security given names, every 1990 census surname), split by whether the
 * English dictionary has them as words. All lowercase.
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
    private final WordSet frequentEnglishWords;
    private final WordSet listedNames;
    private final WordSet namesThatAreWords;

    public Vocabulary(WordSet englishFunctionWords, WordSet functionWords, WordSet givenNames, WordSet surnames,
                      WordSet properNouns, WordSet commonWords, WordSet frequentEnglishWords, WordSet listedNames,
                      WordSet namesThatAreWords) {
        this.englishFunctionWords = englishFunctionWords;
        this.functionWords = functionWords;
        this.givenNames = givenNames;
        this.surnames = surnames;
        this.properNouns = properNouns;
        this.commonWords = commonWords;
        this.frequentEnglishWords = frequentEnglishWords;
        this.listedNames = listedNames;
        this.namesThatAreWords = namesThatAreWords;
    }

    /** The lists shipped in the service, read once per JVM. */
    public static synchronized Vocabulary shipped() {
        if (shipped == null) {
            shipped = new Vocabulary(read("english-function-words"), read("function-words"), read("given-names"),
                    read("surnames"), read("proper-nouns"), read("common-words"), read("frequent-english-words"),
                    read("listed-names"), read("names-that-are-words"));
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

    /**
     * Among the 10,000 most frequent English words, or an inflection of one ("invoices", "shipped",
     * "waiting"): common enough to stand next to a name, or be capitalized, and be no name.
     */
    public boolean isFrequentEnglish(String word) {
        if (frequentEnglishWords.contains(word)) {
            return true;
        }
        for (String stem : EnglishStems.of(word)) {
            if (frequentEnglishWords.contains(stem)) {
                return true;
            }
        }
        return false;
    }

    /** An English function word, modal, month, weekday or title. */
    public boolean isEnglishFunctionWord(CharSequence word) {
        return englishFunctionWords.contains(word);
    }

    /** A function word of one of the languages (closed classes: articles, prepositions, pronouns, ...). */
    public boolean isFunctionWord(CharSequence word) {
        return functionWords.contains(word) || englishFunctionWords.contains(word);
    }

    public boolean isGivenName(CharSequence word) {
        return givenNames.contains(word);
    }

    public boolean isSurname(CharSequence word) {
        return surnames.contains(word);
    }

    /** A registry name no English dictionary has as a word ("riccardo", "okafor"): a name wherever it stands. */
    public boolean isListedName(CharSequence word) {
        return listedNames.contains(word);
    }

    /** A registry name that is an English word too ("will", "grace", "price"): a name only where the context says so. */
    public boolean isNameThatIsAWord(CharSequence word) {
        return namesThatAreWords.contains(word);
    }

    /** A common word of one of the languages, a function word, or a proper noun the word lists know. */
    public boolean isKnownWord(CharSequence word) {
        return commonWords.contains(word) || functionWords.contains(word) || englishFunctionWords.contains(word)
                || properNouns.contains(word);
    }

    WordSet commonWords() {
        return commonWords;
    }

    WordSet frequentEnglishWords() {
        return frequentEnglishWords;
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
