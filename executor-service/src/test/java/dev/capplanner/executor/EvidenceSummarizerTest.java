package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

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
}
