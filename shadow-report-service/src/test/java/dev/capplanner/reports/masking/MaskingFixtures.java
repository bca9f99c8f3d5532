package dev.capplanner.reports.masking;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** The masker as the service wires it, with a test key; the dictionaries load once per test JVM. */
public final class MaskingFixtures {

    public static final Pseudonyms PSEUDONYMS = new Pseudonyms(
            "capplanner-test-masking-key-32bytes!".getBytes(StandardCharsets.UTF_8));
    /** The service's default regions ({@code reports.masking.phone-regions}). */
    public static final List<String> PHONE_REGIONS = List.of("US", "GB", "IT", "DE", "FR", "ES", "NL");
    private MaskingFixtures() {
    }

    public static TextMasker textMasker() {
        return new TextMasker(StandardDetectors.of(Vocabulary.shipped(), PHONE_REGIONS), PSEUDONYMS);
    }

    /** Detector mode for every tenant. */
    public static ReportMasker reportMasker() {
        return new ReportMasker(textMasker(), tenant -> SensitiveKeys.defaultsPlus(
                tenant.equals("acme") ? List.of("loyaltyNumber") : List.of()));
    }

    /** Strict mode (the service's default) for every tenant. */
    public static ReportMasker strictReportMasker() {
        return new ReportMasker(textMasker(), tenant -> TenantMasking.strict(SensitiveKeys.defaultsPlus(
                tenant.equals("acme") ? List.of("loyaltyNumber") : List.of())), MaskingLimits.DEFAULTS, Vocabulary.shipped());
    }
}
