package dev.capplanner.router.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LexicalConfidenceTest {

    private final LexicalConfidence confidence = new LexicalConfidence();

    @Test
    void weakMatchesLeaveTheFusionToMeaningStrongOnesToKeywords() {
        assertThat(confidence.keywordWeight(0)).isEqualTo(0.3);
        assertThat(confidence.keywordWeight(10)).isEqualTo(0.3);
        assertThat(confidence.keywordWeight(15)).isCloseTo(0.55, within(1e-9));
        assertThat(confidence.keywordWeight(20)).isEqualTo(0.8);
        assertThat(confidence.keywordWeight(500)).isEqualTo(0.8);
    }
}
