package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.MatchReasonText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reasons are data in the core and one line of text at the edge. */
class MatchReasonTextTest {

    @Test
    void termSelectionAndEvidenceMatchesReadAsOneMatchedPart() {
        assertThat(MatchReasonText.of(List.of(new MatchReason.TermMatch("order", "name"),
                new MatchReason.SelectionMatch("order"), new MatchReason.EvidenceMatch("shipment"))))
                .isEqualTo("matched order@name, selection:order, evidence:shipment");
    }

    @Test
    void aFusedScoreLeadsAndEachStrategysReasonsFollow() {
        assertThat(MatchReasonText.of(List.of(new MatchReason.FusedScore(0.914), new MatchReason.TermMatch("order",
                "name"), new MatchReason.SemanticSimilarity(0.2712))))
                .isEqualTo("hybrid 0.91: matched order@name; semantic similarity 0.27");
    }

    @Test
    void routingAndDiscoveryReasonsReadAsTheySay() {
        assertThat(MatchReasonText.of(List.of(new MatchReason.FindsIdentifier("customer", "orders.list"))))
                .isEqualTo("finds customerId for orders.list");
        assertThat(MatchReasonText.of(List.of(new MatchReason.Requested("forced"), new MatchReason.NoTermMatched())))
                .isEqualTo("forced; no term matched");
        assertThat(MatchReasonText.of(List.of(new MatchReason.ChosenByModel(), new MatchReason.BelowRelevance(),
                new MatchReason.SemanticSimilarity(0.1)))).isEqualTo("chosen by the model; below relevance; semantic similarity 0.10");
    }
}
