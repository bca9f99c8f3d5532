package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.executor.evidence.EvidenceBudget;
import dev.capplanner.executor.evidence.EvidenceSummary;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class EvidenceSummarizerTest {

    final EvidenceSummarizer summarizer = new EvidenceSummarizer();

    @Test
    void declaredCollectionGivesCountAndBoundedIdentifiers() {
        var rows = IntStream.range(0, 80).mapToObj(i -> Map.of("id", "O-" + i)).toList();
        EvidenceSummary evidence = summarizer.summarize("orders.list", "items", Map.of("items", rows));
        assertThat(evidence.recordCount()).isEqualTo(80);
        assertThat(evidence.identifiers()).hasSize(50).startsWith("O-0");
    }

    @Test
    void singleRecordWithoutCollectionPath() {
        EvidenceSummary evidence = summarizer.summarize("orders.detail", null, Map.of("id", "O-5002"));
        assertThat(evidence.recordCount()).isEqualTo(1);
        assertThat(evidence.identifiers()).containsExactly("O-5002");
    }

    @Test
    void missingDeclaredPathFallsBackToTheRecordItselfWithoutInventingRows() {
        EvidenceSummary evidence = summarizer.summarize("orders.list", "data.rows", Map.of("items", List.of()));
        assertThat(evidence.recordCount()).isEqualTo(1);
        assertThat(evidence.identifiers()).isEmpty();
        assertThat(evidence.collectionPath()).isNull();
    }

    @Test
    void onlyTheRowsTheBudgetAllowsAreInlineTheRestIsMarkedTruncatedAndKeptWhole() {
        var rows = IntStream.range(0, 30).mapToObj(i -> Map.of("id", "O-" + i)).toList();
        EvidenceSummary evidence = new EvidenceSummarizer(new EvidenceBudget(20, 100_000))
                .summarize("orders.list", "items", Map.of("items", rows, "count", 30));
        assertThat(evidence.data()).isInstanceOfSatisfying(Map.class, data -> {
            assertThat((List<?>) data.get("items")).hasSize(20);
            assertThat(data.get("count")).isEqualTo(30);
        });
        assertThat(evidence.truncated()).isTrue();
        assertThat(evidence.rows()).as("the complete rows, for the artifact").hasSize(30);
        assertThat(evidence.recordCount()).isEqualTo(30);
    }

    @Test
    void theByteBudgetCutsRowsWholeAndARecordTooLargeIsNotInlineAtAll() {
        String big = "x".repeat(400);
        var rows = IntStream.range(0, 10).mapToObj(i -> Map.of("id", "T-" + i, "text", big)).toList();
        EvidenceSummarizer small = new EvidenceSummarizer(new EvidenceBudget(20, 1_000));
        EvidenceSummary list = small.summarize("tickets.list", "data.items", Map.of("data", Map.of("items", rows)));
        assertThat(list.data()).isInstanceOfSatisfying(Map.class, data -> assertThat(
                (List<?>) ((Map<?, ?>) data.get("data")).get("items")).hasSize(2));
        assertThat(list.truncated()).isTrue();
        EvidenceSummary detail = small.summarize("tickets.detail", null, Map.of("id", "T-1", "text", big.repeat(3)));
        assertThat(detail.data()).isNull();
        assertThat(detail.truncated()).isTrue();
        assertThat(detail.identifiers()).containsExactly("T-1");
        EvidenceSummary fits = small.summarize("tickets.detail", null, Map.of("id", "T-1"));
        assertThat(fits.truncated()).isFalse();
        assertThat(fits.data()).isEqualTo(Map.of("id", "T-1"));
    }

    @Test
    void identifierValuesAreObservedByTheirPathAndNothingElse() {
        EvidenceSummary page = summarizer.summarize("customers.search", "items", Map.of("count", 2, "items", List.of(
                Map.of("id", "C-1001", "name", "Riccardo Lorini", "accountId", 7),
                Map.of("id", "C-1002", "name", "Riccardo Lorini"))));
        assertThat(page.observed()).isEqualTo(Map.of("items[].id", List.of("C-1001", "C-1002"),
                "items[].accountId", List.of("7")));
        EvidenceSummary record = summarizer.summarize("lookup_customer", null,
                Map.of("id", "C-1005", "email", "anna.conti@example.com", "orders", List.of(Map.of("id", "O-5006"))));
        assertThat(record.observed()).as("the record's own identifiers; no e-mail, no nested list")
                .isEqualTo(Map.of("id", List.of("C-1005")));
        assertThat(summarizer.summarize("x", null, List.of(Map.of("order_id", "O-1")))).extracting(EvidenceSummary::observed)
                .isEqualTo(Map.of("[].order_id", List.of("O-1")));
    }
}
