package dev.capplanner.reports.masking;

import java.util.Locale;

/**
 * The given names and surnames the person-name detector looks up (lowercase): the US census lists
 * of the shipped {@link Vocabulary}, a source the test corpora (Datafaker's locales, hand-written
 * sentences) do not come from.
 */
public record NameDictionary(WordSet givenNames, WordSet surnames) {

    public static NameDictionary of(Vocabulary vocabulary) {
        return new NameDictionary(vocabulary.givenNames(), vocabulary.surnames());
    }

    public boolean isFirstName(String word) {
        return givenNames.contains(word.toLowerCase(Locale.ROOT));
    }

    public boolean isLastName(String word) {
        return surnames.contains(word.toLowerCase(Locale.ROOT));
    }
}
