package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WordSetTest {

    @Test
    void holdsExactlyItsWords() {
        Random random = new Random(3);
        Set<String> words = new HashSet<>();
        while (words.size() < 20_000) {
            words.add(word(random));
        }
        WordSet set = WordSet.of(words);
        assertThat(set.size()).isEqualTo(words.size());
        for (String word : words) {
            assertThat(set.contains(word)).as(word).isTrue();
            assertThat(set.contains(new StringBuilder(word))).as("any CharSequence").isTrue();
        }
        for (int i = 0; i < 20_000; i++) {
            String other = word(random);
            assertThat(set.contains(other)).as(other).isEqualTo(words.contains(other));
        }
    }

    @Test
    void aPrefixALongerWordAndTheEmptyWordAreNotInIt() {
        WordSet set = WordSet.of(List.of("invoice", "order", "Aa", "BB"));
        assertThat(set.contains("invoic")).isFalse();
        assertThat(set.contains("invoices")).isFalse();
        assertThat(set.contains("")).isFalse();
        // "Aa" and "BB" have the same String hash code: both are found, neither for the other.
        assertThat(set.contains("Aa")).isTrue();
        assertThat(set.contains("BB")).isTrue();
        assertThat(WordSet.of(List.of()).contains("x")).isFalse();
    }

    @Test
    void theShippedListsAreSpreadSoALookUpComparesFewEntries() {
        // A plain String hash folded once left runs of 1,447 occupied slots in the common words.
        Vocabulary shipped = Vocabulary.shipped();
        assertThat(shipped.commonWords().longestRun()).isLessThan(100);
        assertThat(shipped.frequentEnglishWords().longestRun()).isLessThan(100);
    }

    private static String word(Random random) {
        char[] chars = new char[1 + random.nextInt(8)];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) ('a' + random.nextInt(26));
        }
        return new String(chars);
    }
}
