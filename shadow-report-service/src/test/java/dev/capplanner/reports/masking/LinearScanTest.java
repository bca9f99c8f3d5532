package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every detector reads a text a bounded number of times per character, hostile texts included: the
 * characters read (counted by {@link ScanBudget}, not timed) for a text four times as long are at
 * most about four times as many. A pattern that backtracks over a run (quadratic) reads sixteen
 * times as many. The texts repeat each detector's own material: runs of the characters its patterns
 * accept, cue words, separators, almost-matches.
 */
class LinearScanTest {

    private static final int SHORT = 500;
    private static final int LONG = 4 * SHORT;
    /** Linear is 4; a little more covers the fixed start of each scan. */
    private static final double MAX_GROWTH = 5.0;

    static final List<String> UNITS = List.of("a", "a@", "a.", "@a.", "a-", "A-", "Aa ", "Aa-", "1", "1 ", "1-", "1.",
            "1:", "1/", "+1 ", "(1) ", "12 ", "1a", "a1", "eyJ-", "eyJa.", "sk-", "Bearer ", "password ", "token: ",
            "Via ", "Via Aa ", "1 Aa ", "12 rue ", "Str. ", "Am ", "born ", "tel ", "call me on 1 ", "Mr ", "Mr. Aa ",
            "AB12 ", "AB12", "IT60", "::", "1::", "f:", "1.1.", " ", ".", "-", "İ", "ß", "\u00e9a", "x@a.", "x@1.", "a.b@",
            "a@b.c", "a@b.co ", "1-1 ", "(1)", "Aa Bb ", "di Aa ", "Anna ", "of Anna ", "a\n", "1\n", "straße ",
            "Aastraße 1", "12 Aa Street ", "Suite 1 ", "de ", "van der ", "riccardo de ", "Anna di ", "O'", "aa-bb ",
            "Aa-Bb ", "will said ", "mr ", "1-2-3 Aa ", "aweg 1 ", "aa utca 1 ", "via dei ", "王", "王 a ", "aа ");

    @Test
    void everyDetectorReadsEachCharacterABoundedNumberOfTimes() {
        Map<String, String> superlinear = new LinkedHashMap<>();
        for (Detector detector : detectors()) {
            for (String unit : UNITS) {
                for (String tail : List.of("", "@", " 1")) {
                    long shortReads = reads(detector, text(unit, SHORT, tail));
                    long longReads = reads(detector, text(unit, LONG, tail));
                    double growth = (double) longReads / Math.max(1, shortReads);
                    if (growth > MAX_GROWTH && longReads > 20L * LONG) {
                        superlinear.put(name(detector) + " on \"" + unit + "\"x + \"" + tail + "\"",
                                String.format("%d -> %d reads (x%.1f)", shortReads, longReads, growth));
                    }
                }
            }
        }
        assertThat(superlinear).as("detectors whose reads grow faster than the text").isEmpty();
    }

    @Test
    void theCheckSeesAQuadraticPattern() {
        Detector quadratic = new RegexDetector(java.util.regex.Pattern.compile("[a-z.]+@[a-z]+\\.[a-z]{2,}"),
                SensitiveKind.EMAIL);
        long shortReads = reads(quadratic, text("a.", SHORT, ""));
        long longReads = reads(quadratic, text("a.", LONG, ""));
        assertThat((double) longReads / shortReads).isGreaterThan(MAX_GROWTH);
    }

    @Test
    void aTextTheDetectorsCannotFinishWithinTheBudgetIsWithheldNotStored() {
        Detector hopeless = text -> {
            for (int i = 0; ; i++) {
                text.charAt(i % text.length());
            }
        };
        TextMasker masker = new TextMasker(List.of(hopeless), MaskingFixtures.PSEUDONYMS);
        assertThat(masker.mask("Riccardo Lorini, riccardo@example.com", Map.of()))
                .isEqualTo("<withheld: 37 characters the masker could not scan within its budget>");
    }

    private static List<Detector> detectors() {
        return StandardDetectors.of(Vocabulary.shipped(), MaskingFixtures.PHONE_REGIONS);
    }

    private static String text(String unit, int length, String tail) {
        return unit.repeat(length / unit.length()) + tail;
    }

    private static long reads(Detector detector, String text) {
        ScanBudget budget = ScanBudget.unlimited();
        detector.find(budget.over(text));
        return budget.reads();
    }

    private static String name(Detector detector) {
        if (detector instanceof RegexDetector regex) {
            return "pattern " + regex.toString();
        }
        return detector.getClass().getSimpleName();
    }
}
