package dev.capplanner.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.reports.masking.SensitiveCorpus;
import dev.capplanner.reports.masking.UnseenCorpusTest;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * The proof of rule "mask before storing": 1,000 generated sensitive values (100 of each kind, in
 * questions and in plan arguments) go through Kafka into the service; then a dump of every column
 * of every stored row and the service's log file are searched for every raw value: zero hits.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class MaskedStorageProofTest {

    static final String TENANT = "proof-tenant";
    static final String HOSTILE_TENANT = "proof-hostile";
    static final String UNSEEN_TENANT = "proof-unseen";

    @Test
    void noRawSensitiveValueReachesTheDatabaseOrTheLog() throws Exception {
        List<SensitiveCorpus.Sample> corpus = SensitiveCorpus.generate(7L, 100);
        assertThat(corpus).hasSizeGreaterThanOrEqualTo(1000);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            for (int i = 0; i < corpus.size(); i++) {
                ShadowCompared event = TestSeals.COMPARISON_SEALS.sealed(comparison(i, corpus.get(i)));
                kafka.publish(EventType.SHADOW_COMPARED.topic(), event.run().conversationId(), TurnFixtures.json(event),
                        Map.of());
            }
        }
        String dump = awaitDump(TENANT, corpus.size());
        String log = Files.readString(Path.of("target/shadow-report-service-test.log"));
        List<String> leaks = new ArrayList<>();
        for (SensitiveCorpus.Sample sample : corpus) {
            if (dump.contains(sample.value()) || log.contains(sample.value())) {
                leaks.add(sample.kind() + ": " + sample.value());
            }
        }
        assertThat(leaks).as("raw values found in the database dump or the service log").isEmpty();
        assertThat(dump).contains("<person:").contains("<email:").contains("<iban:").contains("<secret:")
                .contains("<value:").contains("C-1001");
    }

    /**
     * The same values hidden the ways a user could try to slip them past the detectors or keep the
     * report from being stored: a NUL and other control characters, zero-width and direction
     * characters inside the value, full-width look-alikes, a question padded far beyond the text
     * limit, a plan nested and widened beyond its limits. Every report is stored (none dead-lettered),
     * and no raw value is in any column.
     */
    @Test
    void hostileTextIsStoredMaskedAndNoneOfItIsLost() throws Exception {
        List<SensitiveCorpus.Sample> corpus = SensitiveCorpus.generate(11L, 20);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            for (int i = 0; i < corpus.size(); i++) {
                ShadowCompared event = TestSeals.COMPARISON_SEALS.sealed(hostile(i, corpus.get(i)));
                kafka.publish(EventType.SHADOW_COMPARED.topic(), event.run().conversationId(), TurnFixtures.json(event),
                        Map.of());
            }
        }
        String dump = awaitDump(HOSTILE_TENANT, corpus.size());
        List<String> leaks = corpus.stream().filter(sample -> dump.contains(sample.value()))
                .map(sample -> sample.kind() + ": " + sample.value()).toList();
        assertThat(leaks).as("raw values found in the database dump").isEmpty();
        assertThat(dump).doesNotContain("\u0000").doesNotContain("​").contains("[cut: ").contains("<cut: ");
    }

    /**
     * The issue's own check, on corpora the masker was not built from: every hand-written hard case
     * and both held-out corpora (390 names and street addresses, in lower case, capitals, other
     * languages and scripts) go through Kafka as questions with no value bound by a plan, in the
     * default strict mode; then the stored rows and the service's log are searched for every raw
     * value, case ignored: zero hits.
     */
    @Test
    void namesAndAddressesTheMaskerWasNotBuiltFromAreNotStoredInAnyCase() throws Exception {
        List<UnseenCorpusTest.Case> cases = new ArrayList<>();
        for (String corpus : List.of("/masking/hard-cases.tsv", "/masking/held-out-cases.tsv",
                "/masking/held-out-2-cases.tsv")) {
            cases.addAll(UnseenCorpusTest.cases(corpus));
        }
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            for (int i = 0; i < cases.size(); i++) {
                ShadowCompared event = TestSeals.COMPARISON_SEALS.sealed(unseen(i, cases.get(i).text()));
                kafka.publish(EventType.SHADOW_COMPARED.topic(), event.run().conversationId(), TurnFixtures.json(event),
                        Map.of());
            }
        }
        awaitDump(UNSEEN_TENANT, cases.size());
        Map<String, String> rows = rowsByRun(UNSEEN_TENANT);
        String log = Files.readString(Path.of("target/shadow-report-service-test.log")).toLowerCase(Locale.ROOT);
        List<String> leaks = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            // Each value is looked for in its own report ("Will" is in other questions as a word), and in the log
            // when it is longer than a word the log's own lines could hold ("Luz", "Mark").
            String value = cases.get(i).value().toLowerCase(Locale.ROOT);
            String row = rows.get("run-unseen-" + i).toLowerCase(Locale.ROOT);
            if (row.contains(value) || (value.length() > 5 && log.contains(value))) {
                leaks.add(cases.get(i).kind() + ": " + cases.get(i).value() + " in " + rows.get("run-unseen-" + i));
            }
        }
        assertThat(leaks).as("raw names and addresses in their stored report or the service log").isEmpty();
    }

    private static ShadowCompared unseen(int i, String question) {
        RunContext base = TurnFixtures.run("run-unseen-" + i);
        RunContext run = new RunContext(base.runId(), base.turnId(), 0, UNSEEN_TENANT, base.projectId(),
                base.conversationId(), base.principal());
        Plan classic = Plan.actions(Plan.CLASSIC, List.of(new PlannedAction("a1", "customers.search",
                Map.of("customerId", "C-1001"), List.of())));
        Plan capability = Plan.actions(Plan.CAPABILITY, List.of(new PlannedAction("a1", "customers.search",
                Map.of("query", question), List.of())));
        return new ShadowCompared("v1", "evt-unseen-" + i, Instant.parse("2026-11-30T12:00:00Z"), run, "shadow",
                question, CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo()), List.of("customers.search"),
                classic, capability, false, 3, "classic failed for " + question);
    }

    private static ShadowCompared hostile(int i, SensitiveCorpus.Sample sample) {
        RunContext base = TurnFixtures.run("run-hostile-" + i);
        RunContext run = new RunContext(base.runId(), base.turnId(), 0, HOSTILE_TENANT, base.projectId(),
                base.conversationId(), base.principal());
        String value = sample.value();
        String disguised = switch (i % 4) {
            case 0 -> value.substring(0, 1) + "\u0000" + value.substring(1);
            case 1 -> value.substring(0, 1) + "\u200b\u202e" + value.substring(1);
            case 2 -> value.chars().mapToObj(c -> c >= '!' && c <= '~' ? String.valueOf((char) (c - '!' + '\uFF01'))
                    : String.valueOf((char) c)).collect(java.util.stream.Collectors.joining());
            default -> value;
        };
        String question = sample.text().replace(value, disguised) + "\u0000\u001b[2J" + (i % 4 == 3 ? " x".repeat(1950) : "");
        Object nested = "deep " + value;
        for (int level = 0; level < 40; level++) {
            nested = List.of(nested);
        }
        List<Object> wide = new ArrayList<>();
        for (int item = 0; item < 1500; item++) {
            wide.add(item == 1499 ? value : "item " + item);
        }
        Plan classic = Plan.actions(Plan.CLASSIC, List.of(new PlannedAction("a1", "customers.search",
                Map.of("note", disguised + "\u0000", "nested", nested, "wide", wide), List.of())));
        Plan capability = Plan.actions(Plan.CAPABILITY, List.of(new PlannedAction("a1", "customers.search",
                Map.of("query", "customer says: " + question), List.of())));
        return new ShadowCompared("v1", "evt-hostile-" + i, Instant.parse("2026-11-30T12:00:00Z"), run, "shadow",
                question.length() > 4000 ? question.substring(0, 4000) : question,
                CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo()), List.of("customers.search"), classic,
                capability, false, 3, "classic failed for " + disguised);
    }

    /**
     * Every value in the question, the capability plan's free text and the fallback reason; every
     * other comparison also binds it as a classic plan argument, as a planner would, so half the
     * corpus is caught by the detectors alone.
     */
    private static ShadowCompared comparison(int i, SensitiveCorpus.Sample sample) {
        RunContext base = TurnFixtures.run("run-proof-" + i);
        RunContext run = new RunContext(base.runId(), base.turnId(), 0, TENANT, base.projectId(), base.conversationId(),
                base.principal());
        String argument = switch (sample.kind()) {
            case PERSON -> "name";
            case EMAIL -> "email";
            default -> "note";
        };
        Map<String, Object> arguments = i % 2 == 0 ? Map.of(argument, sample.value()) : Map.of("customerId", "C-1001");
        Plan classic = Plan.actions(Plan.CLASSIC, List.of(new PlannedAction("a1", "customers.search", arguments,
                List.of())));
        Plan capability = Plan.actions(Plan.CAPABILITY, List.of(new PlannedAction("a1", "customers.search",
                Map.of("query", "customer says: " + sample.text()), List.of())));
        return new ShadowCompared("v1", "evt-proof-" + i, Instant.parse("2026-11-30T12:00:00Z"), run, "shadow",
                sample.text(), CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo()),
                List.of("customers.search"), classic, capability, false, 3, "classic failed for " + sample.text());
    }

    /** Every column of each stored row of the tenant, by run id. */
    private static Map<String, String> rowsByRun(String tenant) throws Exception {
        String url = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class);
        Map<String, String> rows = new java.util.HashMap<>();
        try (var connection = DriverManager.getConnection(url, "postgres", "");
             var statement = connection.prepareStatement("select * from shadow_report where tenant_id = ?")) {
            statement.setString(1, tenant);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int column = 1; column <= result.getMetaData().getColumnCount(); column++) {
                        row.append(result.getObject(column)).append('\u0001');
                    }
                    rows.merge(result.getString("run_id"), row.toString(), String::concat);
                }
            }
        }
        return rows;
    }

    private static String awaitDump(String tenant, int expectedRows) throws Exception {
        String url = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class);
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            StringBuilder dump = new StringBuilder();
            int rows = 0;
            try (var connection = DriverManager.getConnection(url, "postgres", "");
                 ResultSet result = connection.createStatement().executeQuery(
                         "select * from shadow_report where tenant_id = '" + tenant + "'")) {
                while (result.next()) {
                    rows++;
                    for (int column = 1; column <= result.getMetaData().getColumnCount(); column++) {
                        dump.append(result.getObject(column)).append('\u0001');
                    }
                }
            }
            if (rows >= expectedRows || System.nanoTime() > deadline) {
                assertThat(rows).as("every comparison stored").isEqualTo(expectedRows);
                return dump.toString();
            }
            Thread.sleep(500);
        }
    }
}
