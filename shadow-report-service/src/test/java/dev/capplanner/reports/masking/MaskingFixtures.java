package dev.capplanner.reports.masking;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The masker as the service wires it, with a test key; the dictionaries load once per test JVM. */
public final class MaskingFixtures {

    public static final Pseudonyms PSEUDONYMS = new Pseudonyms(
            "capplanner-test-masking-key-32bytes!".getBytes(StandardCharsets.UTF_8));
    private static NameDictionary names;

    private MaskingFixtures() {
    }

    public static synchronized NameDictionary names() {
        if (names == null) {
            names = DatafakerDictionary.load(DatafakerDictionary.LOCALES);
        }
        return names;
    }

    public static TextMasker textMasker() {
        List<Detector> detectors = new ArrayList<>(PatternDetectors.all());
        detectors.add(new AddressDetector(names()));
        detectors.add(new PhoneDetector(List.of("US", "GB", "IT", "DE", "FR", "ES", "NL")));
        detectors.add(new PersonNameDetector(names()));
        detectors.add(new IdentifierNumberDetector());
        return new TextMasker(detectors, PSEUDONYMS);
    }

    public static ReportMasker reportMasker() {
        return new ReportMasker(textMasker(), tenant -> SensitiveKeys.defaultsPlus(
                tenant.equals("acme") ? List.of("loyaltyNumber") : List.of()));
    }
}
