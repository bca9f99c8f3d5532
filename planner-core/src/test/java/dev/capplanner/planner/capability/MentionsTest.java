package dev.capplanner.planner.capability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A value named in the question as whole words, read without compiling a pattern per value. */
class MentionsTest {

    @Test
    void anEnumeratedValueIsNamedAsWholeWordsWithItsSeparatorsLoose() {
        assertThat(SchemaFilters.mentions("which parcels are in transit?", "in_transit")).isTrue();
        assertThat(SchemaFilters.mentions("which parcels are in-transit?", "in_transit")).isTrue();
        assertThat(SchemaFilters.mentions("open tickets", "open")).isTrue();
        assertThat(SchemaFilters.mentions("reopened tickets", "open")).isFalse();
        assertThat(SchemaFilters.mentions("open2 tickets", "open")).isFalse();
        assertThat(SchemaFilters.mentions("tickets: open", "OPEN")).isTrue();
        assertThat(SchemaFilters.mentions("intransit", "in_transit")).isFalse();
    }

    /** The earlier reading, one pattern per value: both must agree on every question and value. */
    @Test
    void agreesWithThePatternItReplacesOnRandomText() {
        Random random = new Random(34);
        String alphabet = "ab _-1Aé.É\\EQİ";
        for (int i = 0; i < 20_000; i++) {
            String asked = text(random, alphabet, random.nextInt(12));
            String value = text(random, alphabet, random.nextInt(4));
            assertThat(SchemaFilters.mentions(asked, value)).as("%s in %s", value, asked)
                    .isEqualTo(byPattern(asked, value));
        }
    }

    private static boolean byPattern(String asked, String value) {
        String words = Pattern.quote(value.toLowerCase(Locale.ROOT)).replaceAll("[_-]", "\\\\E[ _-]\\\\Q");
        return Pattern.compile("(?<![\\p{Alnum}])" + words + "(?![\\p{Alnum}])").matcher(asked).find();
    }

    private static String text(Random random, String alphabet, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}
