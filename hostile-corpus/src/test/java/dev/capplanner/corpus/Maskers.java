package dev.capplanner.corpus;

import dev.capplanner.reports.masking.MaskingLimits;
import dev.capplanner.reports.masking.Pseudonyms;
import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.reports.masking.SensitiveKeys;
import dev.capplanner.reports.masking.StandardDetectors;
import dev.capplanner.reports.masking.TenantMasking;
import dev.capplanner.reports.masking.TextMasker;
import dev.capplanner.reports.masking.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The report masker wired as the report service's {@code ReportBeans} wires it (its defaults: strict
 * mode, the shipped vocabulary, these phone regions), with a test key. The service's own {@code MaskingFixtures} are
 * test classes of that module, which Maven does not hand to another module.
 */
final class Maskers {

    private static ReportMasker masker;

    private Maskers() {
    }

    static synchronized ReportMasker reportMasker() {
        if (masker == null) {
            Vocabulary vocabulary = Vocabulary.shipped();
            TextMasker text = new TextMasker(StandardDetectors.of(vocabulary,
                    List.of("US", "GB", "IT", "DE", "FR", "ES", "NL")),
                    new Pseudonyms("hostile-corpus-test-masking-key-32b!".getBytes(StandardCharsets.UTF_8)));
            masker = new ReportMasker(text, tenant -> TenantMasking.strict(SensitiveKeys.defaultsPlus(List.of())),
                    MaskingLimits.DEFAULTS, vocabulary);
        }
        return masker;
    }
}
