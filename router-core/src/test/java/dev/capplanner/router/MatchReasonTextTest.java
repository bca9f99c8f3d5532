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

    @Test
    void lookAlikesAreNamedUpToThreeAndTheRestCounted() {
        assertThat(MatchReasonText.of(List.of(new MatchReason.TermMatch("issue", "name"),
                new MatchReason.LookAlikes(List.of("a/list", "b/list")))))
                .isEqualTo("matched issue@name; look-alikes: a/list, b/list");
        assertThat(MatchReasonText.of(List.of(new MatchReason.LookAlikes(List.of("a", "b", "c", "d", "e")))))
                .isEqualTo("look-alikes: a, b, c and 2 more");
    }

    @Test
    void aLineNeverExceedsWhatARouteCarries() {
        List<MatchReason> many = java.util.stream.IntStream.range(0, 80)
                .mapToObj(i -> (MatchReason) new MatchReason.TermMatch("term" + i, "description")).toList();
        String line = MatchReasonText.of(many);
        assertThat(line).hasSize(MatchReasonText.MAX_LENGTH).endsWith("\u2026").startsWith("matched term0@description");
    }
}
