package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Per-kind recall over generated values (the figures in docs/benchmarks.md): a value counts as
 * caught when it no longer appears in the masked text. Pattern and checksum kinds must catch all.
 * Another corpus: {@code -DargLine="-Dcorpus.seed=99 -Dcorpus.per-kind=500"}.
 */
class MaskingRecallTest {

    static final List<SensitiveKind> EXACT = List.of(SensitiveKind.EMAIL, SensitiveKind.CARD, SensitiveKind.IBAN,
            SensitiveKind.NATIONAL_ID, SensitiveKind.IP, SensitiveKind.DATE_OF_BIRTH, SensitiveKind.SECRET);

    @Test
    void everyKindIsCaughtAndPatternKindsWithoutException() {
        TextMasker masker = MaskingFixtures.textMasker();
        Map<SensitiveKind, int[]> counts = new EnumMap<>(SensitiveKind.class);
        StringBuilder misses = new StringBuilder();
        long seed = Long.getLong("corpus.seed", 20261130L);
        int perKind = Integer.getInteger("corpus.per-kind", 120);
        for (SensitiveCorpus.Sample sample : SensitiveCorpus.generate(seed, perKind)) {
            String masked = masker.mask(sample.text(), Map.of());
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
        System.out.println("masking recall (seed " + seed + ", " + perKind + " values per kind)\n" + table + "misses:\n" + misses);
        for (SensitiveKind kind : EXACT) {
            assertThat(counts.get(kind)[0]).as(kind + " recall\n" + misses).isEqualTo(counts.get(kind)[1]);
        }
        counts.forEach((kind, c) -> assertThat((double) c[0] / c[1]).as(kind + " recall\n" + misses)
                .isGreaterThanOrEqualTo(0.95));
    }
}
