package dev.capplanner.reports.masking;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.datafaker.Faker;

/**
 * The name and street-type lists of the locales net.datafaker ships (Apache-2.0), read once at
 * start-up. No person-name model for Apache OpenNLP is published on Maven Central, so dictionaries
 * plus capitalization and context cues stand in for one.
 */
public final class DatafakerDictionary {

    public static final List<String> LOCALES = List.of("en", "it", "de", "fr", "es", "pt", "nl", "sv", "pl");
    private static final List<String> FIRST_NAME_KEYS = List.of("name.first_name", "name.male_first_name",
            "name.female_first_name");

    private DatafakerDictionary() {
    }

    public static NameDictionary load(List<String> locales) {
        Set<String> first = new HashSet<>();
        Set<String> last = new HashSet<>();
        Set<String> suffixes = new HashSet<>();
        Set<String> prefixes = new HashSet<>();
        for (String tag : locales) {
            Faker faker = new Faker(Locale.forLanguageTag(tag));
            FIRST_NAME_KEYS.forEach(key -> addWords(faker, key, first, true));
            addWords(faker, "name.last_name", last, true);
            addWords(faker, "address.street_suffix", tag.equals("en") || tag.equals("nl") ? suffixes : prefixes, false);
            addWords(faker, "address.street_prefix", prefixes, false);
        }
        return new NameDictionary(first, last, suffixes, prefixes);
    }

    private static void addWords(Faker faker, String key, Set<String> into, boolean lowercase) {
        Object values;
        try {
            values = faker.fakeValuesService().fetchObject(key, faker.getContext());
        } catch (RuntimeException e) {
            return;
        }
        if (values instanceof List<?> list) {
            for (Object value : list) {
                String word = String.valueOf(value).trim();
                // Templates ("#{...}") and multi-word entries are not words to look up.
                if (!word.isEmpty() && !word.contains("#") && !word.contains(" ") && word.length() > 1) {
                    into.add(lowercase ? word.toLowerCase(Locale.ROOT) : word);
                }
            }
        }
    }
}
