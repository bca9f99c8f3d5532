package dev.capplanner.corpus;

import dev.capplanner.reports.masking.DatafakerDictionary;
import dev.capplanner.reports.masking.NameDictionary;
import dev.capplanner.reports.masking.Pseudonyms;
import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.reports.masking.SensitiveKeys;
import dev.capplanner.reports.masking.StandardDetectors;
import dev.capplanner.reports.masking.TextMasker;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The report masker wired as the report service's {@code ReportBeans} wires it (its defaults: every
 * name locale, these phone regions), with a test key. The service's own {@code MaskingFixtures} are
 * test classes of that module, which Maven does not hand to another module.
 */
final class Maskers {

    private static ReportMasker masker;

    private Maskers() {
    }

    static synchronized ReportMasker reportMasker() {
        if (masker == null) {
            NameDictionary names = DatafakerDictionary.load(DatafakerDictionary.LOCALES);
            TextMasker text = new TextMasker(StandardDetectors.of(names, List.of("US", "GB", "IT", "DE", "FR", "ES", "NL")),
                    new Pseudonyms("hostile-corpus-test-masking-key-32b!".getBytes(StandardCharsets.UTF_8)));
            masker = new ReportMasker(text, tenant -> SensitiveKeys.defaultsPlus(List.of()));
        }
        return masker;
    }
}
