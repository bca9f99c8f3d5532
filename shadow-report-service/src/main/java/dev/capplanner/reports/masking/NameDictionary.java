package dev.capplanner.reports.masking;

import java.util.Locale;
import java.util.Set;

/**
 * Words that make capitalized text a person's name or a street: first and last names (lowercase),
 * street types written after the street's name ("Avenue") and before it ("Via").
 */
public record NameDictionary(Set<String> firstNames, Set<String> lastNames, Set<String> streetSuffixes,
                             Set<String> streetPrefixes) {

    public NameDictionary {
        firstNames = Set.copyOf(firstNames);
        lastNames = Set.copyOf(lastNames);
        streetSuffixes = Set.copyOf(streetSuffixes);
        streetPrefixes = Set.copyOf(streetPrefixes);
    }

    public boolean isFirstName(String word) {
        return firstNames.contains(word.toLowerCase(Locale.ROOT));
    }

    public boolean isLastName(String word) {
        return lastNames.contains(word.toLowerCase(Locale.ROOT));
    }
}
