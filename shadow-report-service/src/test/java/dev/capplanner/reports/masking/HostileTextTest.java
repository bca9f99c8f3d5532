package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rules "normalized before masking" and "bounded masking": what a user or a planner could send to
 * keep a value from the detectors, a report from being stored, or ingestion from keeping up.
 */
class HostileTextTest {

    final TextMasker masker = MaskingFixtures.textMasker();

    String mask(String text) {
        return masker.mask(text, Map.of());
    }

    @Test
    void controlAndFormatCharactersAreRemovedSoTheyHideNoValue() {
        assertThat(TextNormalization.normalize("a\u0000b\u001bc\u007fd\u0085e")).isEqualTo("abcd\ne");
        assertThat(TextNormalization.normalize("zero\u200bwidth\u200d joiner\u202e\u2066bidi\ufeff")).isEqualTo("zerowidth joinerbidi");
        assertThat(TextNormalization.normalize("tab\tand\rreturn")).isEqualTo("tab and return");
        assertThat(TextNormalization.normalize("lone \ud800 surrogate")).isEqualTo("lone \ufffd surrogate");
        assertThat(TextNormalization.normalize("emoji \ud83d\ude00 kept")).isEqualTo("emoji \ud83d\ude00 kept");
        assertThat(mask("write to riccardo\u0000.lorini@exam\u200bple.com")).matches("write to <email:[0-9a-f]{8}>");
        assertThat(mask("card 4111\u200b1111\u200b1111\u200b1111")).matches("card <card:[0-9a-f]{8}>");
    }

    @Test
    void fullWidthLookAlikesAreReadAsTheCharactersTheyImitate() {
        assertThat(mask("mail ｒｉｃｃａｒｄｏ＠ｅｘａｍｐｌｅ．ｃｏｍ")).matches("mail <email:[0-9a-f]{8}>");
        assertThat(mask("call ＋３９ ３４７ １２３ ４５６７")).matches("call <phone:[0-9a-f]{8}>");
    }

    @Test
    void aTextBeyondTheLimitIsCutAndSaysSo() {
        TextMasker small = new TextMasker(List.of(new EmailDetector()), MaskingFixtures.PSEUDONYMS,
                new MaskingLimits(100, 1000, 10, 4, 1));
        String masked = small.mask("mail a@example.com " + "word ".repeat(200), Map.of());
        assertThat(masked).startsWith("mail <email:").endsWith(" [cut: 1019 characters in all]");
        assertThat(masked.length()).isLessThan(140);
        assertThat(small.mask("x".repeat(100), Map.of())).isEqualTo("x".repeat(100));
    }

    @Test
    void theEmailDetectorFindsWhatThePatternFoundAndNothingMore() {
        EmailDetector emails = new EmailDetector();
        assertThat(spans(emails, "to a.b+c@mail.example.co.uk, then")).containsExactly("a.b+c@mail.example.co.uk");
        assertThat(spans(emails, "x@foo.com1 and y@bar.c and z@baz..com and @qux.com and w@quux.org.")).containsExactly(
                "x@foo.com", "w@quux.org");
        assertThat(spans(emails, "first@a.io@b.io")).containsExactly("first@a.io");
        assertThat(spans(emails, "a@b.c@d.ef")).containsExactly("b.c@d.ef");
        assertThat(spans(emails, "no address here, just @ signs @@ and a.b")).isEmpty();
    }

    @Test
    void anIdentifierLikeNumberIsMaskedAndTheDomainsShortIdsAreNot() {
        assertThat(mask("my account is 12345678, passport YA12345678X")).matches(
                "my account is <[a-z-]+:[0-9a-f]{8}>, passport <id-number:[0-9a-f]{8}>");
        assertThat(mask("order O-5002 of customer C-1001 on 2026-11-02, 3 items for 129.90 EUR"))
                .isEqualTo("order O-5002 of customer C-1001 on 2026-11-02, 3 items for 129.90 EUR");
        ReportMasker.Context context = MaskingFixtures.reportMasker().forReport("acme", "q", List.of());
        assertThat(context.tree(Map.of("accountNumber", 1234567890123L, "quantity", 3))).satisfies(tree -> {
            assertThat(((Map<?, ?>) tree).get("accountNumber")).asString().matches("<[a-z-]+:[0-9a-f]{8}>");
            assertThat(((Map<?, ?>) tree).get("quantity")).isEqualTo(3);
        });
    }

    @Test
    void aCaseChangeThatChangesLengthDoesNotShiftTheMaskedSpan() {
        String question = "İİİİ orders of customer Riccardo Lorini";
        ReportMasker.Context context = MaskingFixtures.reportMasker().forReport("acme", question,
                List.of(Map.of("name", "Riccardo Lorini")));
        assertThat(context.text(question)).matches("İİİİ orders of customer <person:[0-9a-f]{8}>");
    }

    @Test
    void aPlanKeepsItsValuesDepthAndTextWithinTheLimitsAndSaysWhatWasCut() {
        ReportMasker masker = new ReportMasker(MaskingFixtures.textMasker(), tenant -> SensitiveKeys.defaultsPlus(List.of()),
                new MaskingLimits(100, 300, 20, 5, 10));
        ReportMasker.Context context = masker.forReport("acme", "q", List.of());
        Object deep = "bottom";
        for (int level = 0; level < 10; level++) {
            deep = List.of(deep);
        }
        assertThat(context.tree(Map.of("deep", deep)).toString()).contains("<cut: nested deeper than 5 levels>")
                .doesNotContain("bottom");
        List<Object> wide = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            wide.add("v" + i);
        }
        Map<?, ?> widened = (Map<?, ?>) context.tree(Map.of("wide", wide));
        List<?> kept = (List<?>) widened.get("wide");
        assertThat(kept).hasSizeLessThan(22).last().asString().matches("<cut: \\d+ more items>");
        Map<String, Object> many = new LinkedHashMap<>();
        for (int i = 0; i < 50; i++) {
            many.put("k" + i, i);
        }
        Map<?, ?> cutMap = (Map<?, ?>) context.tree(many);
        assertThat(cutMap.containsKey(ReportMasker.CUT_KEY)).isTrue();
        assertThat(cutMap).hasSizeLessThan(22);
        Map<String, Object> wordy = new LinkedHashMap<>();
        for (int i = 0; i < 10; i++) {
            wordy.put("t" + i, "word ".repeat(20));
        }
        assertThat(((Map<?, ?>) context.tree(wordy)).values()).last().asString()
                .startsWith("<cut: 100 characters beyond the plan's text limit>");
    }

    @Test
    void aKeyIsNormalizedCutAndMasked() {
        ReportMasker.Context context = MaskingFixtures.reportMasker().forReport("acme", "q", List.of());
        Map<?, ?> tree = (Map<?, ?>) context.tree(Map.of("no\u0000te\u200b", "x", "riccardo@example.com", "y",
                "k".repeat(1000), "z"));
        assertThat(tree.keySet()).anySatisfy(key -> assertThat(key).isEqualTo("note"))
                .anySatisfy(key -> assertThat((String) key).matches("<email:[0-9a-f]{8}>"))
                .anySatisfy(key -> assertThat((String) key).hasSize(ReportMasker.MAX_KEY_CHARS));
    }

    @Test
    void onlyTheConfiguredNumberOfBoundValuesIsSearchedFor() {
        ReportMasker masker = new ReportMasker(MaskingFixtures.textMasker(), tenant -> SensitiveKeys.defaultsPlus(List.of()),
                new MaskingLimits(4000, 32000, 1000, 32, 2));
        String question = "values aaa1 bbb2 ccc3";
        ReportMasker.Context context = masker.forReport("acme", question,
                List.of(Map.of("x", List.of("aaa1", "bbb2", "ccc3"))));
        assertThat(context.text(question)).matches("values <value:[0-9a-f]{8}> <value:[0-9a-f]{8}> ccc3");
    }

    @Test
    void limitsTooSmallToMaskAnythingUsefulAreRefused() {
        assertThatThrownBy(() -> new MaskingLimits(10, 32000, 1000, 32, 100)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MaskingLimits(4000, 1000, 1000, 32, 100)).isInstanceOf(IllegalArgumentException.class);
    }

    private static List<String> spans(Detector detector, String text) {
        return detector.find(text).stream().map(f -> text.substring(f.start(), f.end())).toList();
    }
}
