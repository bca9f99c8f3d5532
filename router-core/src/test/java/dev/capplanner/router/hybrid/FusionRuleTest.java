package dev.capplanner.router.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.capplanner.router.hybrid.AgreementFusion.Blend;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FusionRuleTest {

    @Test
    void theRankingWhoseFirstChoiceTheOtherBacksLeads() {
        List<RankedCapability> lexical = ranking(20, "a", "b");
        assertThat(AgreementFusion.keywordShare(lexical, ranking(0.6, "c", "d", "e", "a"), false))
                .as("meaning ranks the keyword choice 4th, keywords do not know meaning's choice").isEqualTo(1.0);
        assertThat(AgreementFusion.keywordShare(lexical, ranking(0.6, "b", "a"), false))
                .as("each backs the other's choice at rank 2").isEqualTo(0.5);
        assertThat(AgreementFusion.keywordShare(lexical, ranking(0.6, "b", "c", "d", "a"), false))
                .as("keywords rank meaning's choice 2nd, meaning ranks theirs 4th")
                .isCloseTo(0.25 / (0.25 + 0.5), within(1e-9));
        assertThat(AgreementFusion.keywordShare(List.of(), ranking(0.6, "a"), false)).isZero();
        assertThat(AgreementFusion.keywordShare(lexical, List.of(), false)).isEqualTo(1.0);
    }

    @Test
    void agreementWeightsStayWithinTheirBoundsAndDecideTheOrder() {
        List<RankedCapability> lexical = ranking(20, "a", "b");
        List<RankedCapability> meaning = ranking(0.6, "b", "c", "d", "a");
        AgreementFusion fusion = new AgreementFusion(0.2, 0.8, Blend.SCORES, 0, false);
        assertThat(fusion.keywordWeight(lexical, ranking(0.6, "c", "a"))).isEqualTo(0.8);
        assertThat(fusion.keywordWeight(lexical, meaning)).isCloseTo(1.0 / 3, within(1e-9));
        Map<String, Double> fused = fusion.fuse(lexical, meaning);
        assertThat(fused.get("t.b")).as("meaning is trusted more here: its first choice leads").isGreaterThan(fused.get("t.a"));
        assertThatThrownBy(() -> new AgreementFusion(0.8, 0.2, Blend.SCORES, 0, false))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFixedHalfWeightOverRanksIsReciprocalRankFusion() {
        AgreementFusion rrf = new AgreementFusion(0.5, 0.5, Blend.RANKS, 60, false);
        Map<String, Double> fused = rrf.fuse(ranking(20, "a", "b"), ranking(0.6, "b", "c"));
        assertThat(fused.get("t.b")).isCloseTo(0.5 / 62 + 0.5 / 61, within(1e-12));
        assertThat(fused.get("t.a")).isCloseTo(0.5 / 61, within(1e-12));
        assertThat(fused.get("t.c")).isCloseTo(0.5 / 62, within(1e-12));
    }

    @Test
    void noShiftIsTheMagnitudeRuleAndAShiftFollowsAgreement() {
        List<RankedCapability> lexical = ranking(12, "a", "b");
        List<RankedCapability> meaning = ranking(0.6, "b", "c", "d", "a");
        assertThat(new ShiftedMagnitudeFusion(0, true).fuse(lexical, meaning))
                .isEqualTo(new MagnitudeFusion().fuse(lexical, meaning));
        Map<String, Double> magnitude = new MagnitudeFusion().fuse(lexical, meaning);
        Map<String, Double> shifted = new ShiftedMagnitudeFusion(0.2, false).fuse(lexical, meaning);
        assertThat(shifted.get("t.b") - shifted.get("t.a"))
                .as("meaning backs its own choice better here, so the shift leans towards it")
                .isGreaterThan(magnitude.get("t.b") - magnitude.get("t.a"));
    }

    /** A ranking of capabilities t.NAME, best first, scores falling from {@code top} by a tenth each. */
    private static List<RankedCapability> ranking(double top, String... names) {
        List<RankedCapability> ranked = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            ranked.add(new RankedCapability(CapabilityFixtures.capability("t." + names[i], "thing", "get", names[i],
                    "/" + names[i], Map.of(), List.of()), top * (1 - 0.1 * i), true, List.of()));
        }
        return ranked;
    }
}
