package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Per-kind recall over generated values (the figures in docs/benchmarks.md): a value counts as
 * caught when it no longer appears in the masked text. Pattern and checksum kinds must be caught by
 * the detectors alone (detector mode), every kind by the service's default (strict mode). The names
 * come from Datafaker's locales, which the masker no longer reads: detector mode's name recall here
 * is printed, not asserted ({@link UnseenCorpusTest} has both modes on hand-written cases too).
 * Another corpus: {@code -DargLine="-Dcorpus.seed=99 -Dcorpus.per-kind=500"}.
 */
class MaskingRecallTest {

    static final List<SensitiveKind> EXACT = List.of(SensitiveKind.EMAIL, SensitiveKind.CARD, SensitiveKind.IBAN,
            SensitiveKind.NATIONAL_ID, SensitiveKind.IP, SensitiveKind.DATE_OF_BIRTH, SensitiveKind.SECRET);

    @Test
    void patternKindsAreCaughtByTheDetectorsWithoutException() {
        Map<SensitiveKind, int[]> counts = recall("detector", text -> MaskingFixtures.textMasker().mask(text, Map.of()));
        for (SensitiveKind kind : EXACT) {
            assertThat(counts.get(kind)[0]).as(kind + " recall").isEqualTo(counts.get(kind)[1]);
        }
    }

    @Test
    void everyKindIsCaughtInStrictMode() {
        ReportMasker strict = MaskingFixtures.strictReportMasker();
        Map<SensitiveKind, int[]> counts = recall("strict", text -> strict.forTenant("acme").text(text));
        for (SensitiveKind kind : EXACT) {
            assertThat(counts.get(kind)[0]).as(kind + " recall").isEqualTo(counts.get(kind)[1]);
        }
        counts.forEach((kind, c) -> assertThat((double) c[0] / c[1]).as(kind + " recall").isGreaterThanOrEqualTo(0.95));
    }

    private static Map<SensitiveKind, int[]> recall(String mode, java.util.function.UnaryOperator<String> masker) {
        Map<SensitiveKind, int[]> counts = new EnumMap<>(SensitiveKind.class);
        StringBuilder misses = new StringBuilder();
        long seed = Long.getLong("corpus.seed", 20261130L);
        int perKind = Integer.getInteger("corpus.per-kind", 120);
        for (SensitiveCorpus.Sample sample : SensitiveCorpus.generate(seed, perKind)) {
            String masked = masker.apply(sample.text());
            int[] count = counts.computeIfAbsent(sample.kind(), k -> new int[2]);
            count[1]++;
            if (!masked.contains(sample.value())) {
                count[0]++;
            } else if (misses.length() < 4000) {
                misses.append(sample.kind()).append(": ").append(sample.text()).append(" -> ").append(masked).append('\n');
            }
        }
        StringBuilder table = new StringBuilder("kind | caught / values | recall\n");
        counts.forEach((kind, c) -> table.append(kind.label()).append(" | ").append(c[0]).append(" / ").append(c[1])
                .append(" | ").append(String.format("%.3f", (double) c[0] / c[1])).append('\n'));
        System.out.println("masking recall, " + mode + " mode (seed " + seed + ", " + perKind + " values per kind)\n"
                + table + "misses:\n" + misses);
        return counts;
    }
}
