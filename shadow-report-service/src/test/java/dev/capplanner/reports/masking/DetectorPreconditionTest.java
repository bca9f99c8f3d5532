package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The masker skips a detector whose {@link Detector#mayFind} says a text cannot hold its values, and
 * the address detector tries each shape only where it can start: both are shortcuts, and neither may
 * lose a finding. Checked on generated values of every kind, the hand-written and held-out corpora,
 * and values of the shortest length each pattern matches (where a bound set one too high shows).
 */
class DetectorPreconditionTest {

    /**
     * The shortest values of each detector: a precondition one character or digit stricter loses them (the
     * dotless i is a letter of a case-blind {@code [A-Za-z]}).
     */
    private static final List<String> SHORTEST = List.of(
            "eyJhbGc.eyJzdWIi.abcdefghij", "Bearer abcdefghijkl", "Bearer ıııııııııııı", "xoxb-0123456789",
            "sk_abcdefghijklmnop",
            "pwd.abcde", "token=abcdef", "a@b.co", "GB82WEST12345698765432", "DE89 3704 0044 0532 0130 00",
            "4111111111111111", "078-05-1120", "RSSMRA85T10A562S", "::1", "fe80::1", "1.2.3.4", "born 1/2/90",
            "born May 4, 1990", "12 Main Street", "Via Roma 1", "2-14-5 Nishi-Shinjuku", "H.No 12-5-34, Vijayapuri",
            "Eschenweg 9", "bem utca 5", "12 rue de la Paix", "via dei mille 9", "call me on 55512",
            "+44 20 7946 0958", "12345678", "王芳", "Thаndiwe", "Mr Hilt", "riccardo called", "AB12 3456 789");

    private static List<Detector> detectors;
    private static List<String> texts;

    @BeforeAll
    static void corpus() throws IOException {
        detectors = StandardDetectors.of(Vocabulary.shipped(), MaskingFixtures.PHONE_REGIONS);
        texts = new ArrayList<>(SHORTEST);
        for (SensitiveCorpus.Sample sample : SensitiveCorpus.generate(35, 60)) {
            texts.add(sample.text());
            texts.add(sample.value());
        }
        for (String resource : List.of("hard-cases.tsv", "held-out-cases.tsv", "held-out-2-cases.tsv",
                "ordinary-questions.txt", "held-out-ordinary-questions.txt", "held-out-2-ordinary-questions.txt")) {
            for (String line : lines("/masking/" + resource)) {
                for (String part : line.split("\t")) {
                    texts.add(part);
                    texts.add(part.toLowerCase(Locale.ROOT));
                    texts.add(part.toUpperCase(Locale.ROOT));
                }
            }
        }
    }

    @Test
    void aDetectorSaysItMayFindSomethingInEveryTextItFindsSomethingIn() {
        Map<String, Integer> findingsWithAGate = new HashMap<>();
        for (Detector detector : detectors) {
            for (String text : texts) {
                if (detector.find(text, Set.of()).isEmpty()) {
                    continue;
                }
                assertThat(detector.mayFind(TextTraits.of(text)))
                        .as("%s finds something in %s but said it may not", detector, text).isTrue();
                findingsWithAGate.merge(detector.toString(), 1, Integer::sum);
            }
        }
        // Not vacuous: every detector finds something in this corpus (so a gate too strict for it would show).
        assertThat(findingsWithAGate).hasSize(detectors.size());
    }

    @Test
    void theGatesLetMostTextsPassSomeDetectorsBy() {
        long skipped = 0;
        for (Detector detector : detectors) {
            skipped += texts.stream().filter(text -> !detector.mayFind(TextTraits.of(text))).count();
        }
        assertThat(skipped).as("detector readings skipped").isGreaterThan((long) texts.size() * detectors.size() / 2);
    }

    @Test
    void theAddressDetectorFindsWhatTryingEveryPositionFinds() {
        AddressDetector addresses = new AddressDetector();
        int found = 0;
        for (String text : texts) {
            List<Finding> everywhere = addresses.findTryingEveryPosition(text);
            assertThat(addresses.find(text)).as(text).containsExactlyElementsOf(everywhere);
            found += everywhere.size();
        }
        assertThat(found).isGreaterThan(100);
    }

    private static List<String> lines(String resource) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                DetectorPreconditionTest.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            return reader.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
    }
}
