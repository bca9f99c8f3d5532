package dev.capplanner.reports.bench;

import dev.capplanner.reports.masking.AddressDetector;
import dev.capplanner.reports.masking.Detector;
import dev.capplanner.reports.masking.MaskingLimits;
import dev.capplanner.reports.masking.NameDictionary;
import dev.capplanner.reports.masking.PatternDetectors;
import dev.capplanner.reports.masking.PersonNameDetector;
import dev.capplanner.reports.masking.PhoneDetector;
import dev.capplanner.reports.masking.Pseudonyms;
import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.reports.masking.SensitiveKeys;
import dev.capplanner.reports.masking.TenantMasking;
import dev.capplanner.reports.masking.TextMasker;
import dev.capplanner.reports.masking.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What masking one report costs, as the report service masks it (its detectors, default limits):
 * a typical question, a question full of sensitive values, hostile 4,000-character questions (the
 * longest the contract allows: a run of letters and dots without an {@code @}, which a backtracking
 * e-mail pattern read once per starting letter; a run of digits and blanks; hyphenated capitals),
 * and a plan of 2,000 values. Average time per masking, 3 x 2 s warm-up, 5 x 2 s measurement, one
 * fork. The {@code strict} benchmarks mask the same inputs as the report service does by default
 * (strict mode: every word no vocabulary keeps is masked too), {@code strictReport} a whole typical
 * report (question, two plans, reasons) as ingestion does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MaskingBenchmark {

    private static final String TYPICAL = "Where is the parcel of order O-5002 for customer C-1001?";
    private static final String SENSITIVE = "I am Riccardo Lorini, riccardo.lorini@example.com, +39 347 123 4567, "
            + "IBAN IT60X0542811101000000123456, living at Via Roma 12, card 4111 1111 1111 1111: list my orders";
    private static final String HOSTILE_LETTERS_AND_DOTS = "a.".repeat(2000);
    private static final String HOSTILE_DIGITS_AND_BLANKS = "1 ".repeat(2000);
    private static final String HOSTILE_HYPHENATED_CAPITALS = "A-".repeat(1999) + " 1";

    private TextMasker text;
    private ReportMasker reports;
    private ReportMasker strictReports;
    private Map<String, Object> typicalPlan;
    private Map<String, Object> largePlan;

    @Setup
    public void setUp() throws ReflectiveOperationException {
        Vocabulary vocabulary = Vocabulary.shipped();
        NameDictionary names = NameDictionary.of(vocabulary);
        List<Detector> detectors = new ArrayList<>(PatternDetectors.all());
        detectors.add(new AddressDetector());
        detectors.add(new PhoneDetector(List.of("US", "GB", "IT", "DE", "FR", "ES", "NL")));
        detectors.add(new PersonNameDetector(names));
        try {
            // The identifier-number detector exists from issue 32 on; earlier code has none.
            detectors.add((Detector) Class.forName("dev.capplanner.reports.masking.IdentifierNumberDetector")
                    .getConstructor().newInstance());
        } catch (ClassNotFoundException absent) {
            // measuring the code before it
        }
        for (String registryDetector : List.of("ListedNameDetector", "UnreadScriptDetector")) {
            try {
                // The registry-list and unread-script detectors exist from issue 35's third session on.
                detectors.add(detectors.size() - 1, (Detector) Class.forName("dev.capplanner.reports.masking."
                        + registryDetector).getConstructor(Vocabulary.class).newInstance(vocabulary));
            } catch (ClassNotFoundException absent) {
                // measuring the code before it
            }
        }
        text = new TextMasker(detectors, new Pseudonyms("capplanner-bench-masking-key-32bytes!".getBytes(StandardCharsets.UTF_8)));
        reports = new ReportMasker(text, tenant -> SensitiveKeys.defaultsPlus(List.of()));
        strictReports = new ReportMasker(text, tenant -> TenantMasking.strict(SensitiveKeys.defaultsPlus(List.of())),
                MaskingLimits.DEFAULTS, vocabulary);
        typicalPlan = Map.of("planner", "deterministic", "outcome", "actions", "actions", List.of(
                Map.of("tool", "shipments.byOrder", "arguments", Map.of("orderId", "O-5002")),
                Map.of("tool", "customers.get", "arguments", Map.of("customerId", "C-1001"))));
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            items.add(Map.of("orderId", "O-" + (5000 + i), "note", "customer " + i + " asked about delivery"));
        }
        largePlan = new LinkedHashMap<>(Map.of("outcome", "actions", "actions", List.of(Map.of("tool", "orders.list",
                "arguments", Map.of("customerId", "C-1001", "items", items)))));
    }

    @Benchmark
    public String typicalQuestion() {
        return text.mask(TYPICAL, Map.of());
    }

    @Benchmark
    public String sensitiveQuestion() {
        return text.mask(SENSITIVE, Map.of());
    }

    @Benchmark
    public String hostileLettersAndDots() {
        return text.mask(HOSTILE_LETTERS_AND_DOTS, Map.of());
    }

    @Benchmark
    public String hostileDigitsAndBlanks() {
        return text.mask(HOSTILE_DIGITS_AND_BLANKS, Map.of());
    }

    @Benchmark
    public String hostileHyphenatedCapitals() {
        return text.mask(HOSTILE_HYPHENATED_CAPITALS, Map.of());
    }

    @Benchmark
    public String strictTypicalQuestion() {
        return strictReports.forReport("acme", TYPICAL, List.of(typicalPlan), List.of("shipments.byOrder"))
                .text(TYPICAL);
    }

    @Benchmark
    public String strictSensitiveQuestion() {
        return strictReports.forTenant("acme").text(SENSITIVE);
    }

    @Benchmark
    public String strictHostileLettersAndDots() {
        return strictReports.forTenant("acme").text(HOSTILE_LETTERS_AND_DOTS);
    }

    /** What ingestion masks for one ordinary report: the question and both plans, in strict mode. */
    @Benchmark
    public Object strictReport() {
        ReportMasker.Context masking = strictReports.forReport("acme", TYPICAL, List.of(typicalPlan, typicalPlan),
                List.of("shipments.byOrder", "customers.get"));
        return List.of(masking.text(TYPICAL), masking.tree(typicalPlan), masking.tree(typicalPlan));
    }

    @Benchmark
    public Object largePlan() {
        return reports.forReport("acme", TYPICAL, List.of(largePlan)).tree(largePlan);
    }
}
