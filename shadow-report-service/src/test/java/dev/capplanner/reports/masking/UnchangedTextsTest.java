package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The masker remembers short texts that mask to themselves with no tenant words ({@link TextMasker#mask(String,
 * TextMasker.Scope)}) and returns them as they are in later reports. That holds only if a tenant's words and
 * capability names never make the masker hide more, if a value a plan bound is still found in a remembered
 * text, and if what one mode leaves alone is not taken for what the other mode does.
 */
class UnchangedTextsTest {

    private static final Vocabulary VOCABULARY = Vocabulary.shipped();

    @Test
    void aTenantsWordsAndCapabilityNamesNeverMaskMore() throws IOException {
        int unchanged = 0;
        for (String text : texts()) {
            Set<String> words = new HashSet<>();
            for (String part : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
                if (!part.isEmpty()) {
                    words.add(part);
                }
            }
            Set<String> names = Set.of(String.join("_", words));
            for (boolean strict : List.of(true, false)) {
                String plain = fresh().mask(text, scope(strict, Set.of(), Set.of(), Map.of()));
                if (!plain.equals(text)) {
                    continue;
                }
                unchanged++;
                assertThat(fresh().mask(text, scope(strict, words, names, Map.of())))
                        .as("%s mode, the text's own words as the tenant's", strict ? "strict" : "detector")
                        .isEqualTo(text);
            }
        }
        assertThat(unchanged).as("texts left as they are, read again with tenant words").isGreaterThan(2_000);
    }

    @Test
    void aRememberedTextStillHasTheValuesAPlanBoundMasked() {
        TextMasker masker = fresh();
        assertThat(masker.mask("orders list", scope(true, Set.of(), Set.of(), Map.of()))).isEqualTo("orders list");
        assertThat(masker.mask("orders list", scope(true, Set.of(), Set.of(), Map.of("orders list", SensitiveKind.VALUE))))
                .isEqualTo(MaskingFixtures.PSEUDONYMS.of(SensitiveKind.VALUE, "orders list"));
    }

    @Test
    void whatDetectorModeLeavesAloneIsNotTakenForWhatStrictModeLeavesAlone() {
        TextMasker masker = fresh();
        assertThat(masker.mask("the qwixler broke", scope(false, Set.of(), Set.of(), Map.of())))
                .isEqualTo("the qwixler broke");
        assertThat(masker.mask("the qwixler broke", scope(true, Set.of(), Set.of(), Map.of())))
                .doesNotContain("qwixler");
    }

    @Test
    void aTextLeftAloneOnlyBecauseOfATenantsWordsIsNotRememberedForOthers() {
        TextMasker masker = fresh();
        assertThat(masker.mask("qwixler", scope(true, Set.of("qwixler"), Set.of(), Map.of()))).isEqualTo("qwixler");
        assertThat(masker.mask("qwixler", scope(true, Set.of(), Set.of(), Map.of()))).doesNotContain("qwixler");
    }

    private static TextMasker fresh() {
        return MaskingFixtures.textMasker();
    }

    private static TextMasker.Scope scope(boolean strict, Set<String> words, Set<String> names,
                                          Map<String, SensitiveKind> bound) {
        return new TextMasker.Scope(KnownValues.of(bound), strict ? new KeptWords(VOCABULARY, words, names) : null, words,
                MaskingFixtures.PSEUDONYMS);
    }

    /** The corpora's lines and sentences as written, in lower case, in capitals, and each of their words alone. */
    private static Set<String> texts() throws IOException {
        Set<String> texts = new LinkedHashSet<>();
        for (String resource : List.of("hard-cases.tsv", "held-out-cases.tsv", "held-out-2-cases.tsv",
                "ordinary-questions.txt", "held-out-ordinary-questions.txt", "held-out-2-ordinary-questions.txt")) {
            for (String line : lines("/masking/" + resource)) {
                for (String part : line.split("\t")) {
                    String sentence = part.replace("{}", "");
                    List<String> forms = new ArrayList<>(List.of(sentence, sentence.toLowerCase(Locale.ROOT),
                            sentence.toUpperCase(Locale.ROOT)));
                    forms.addAll(List.of(sentence.split("\\s+")));
                    forms.stream().filter(form -> !form.isBlank() && form.length() <= TextMasker.MAX_UNCHANGED_CHARS)
                            .forEach(texts::add);
                }
            }
        }
        return texts;
    }

    private static List<String> lines(String resource) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                UnchangedTextsTest.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            return reader.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
    }
}
