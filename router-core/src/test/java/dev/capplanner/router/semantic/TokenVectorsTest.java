package dev.capplanner.router.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TokenVectorsTest {

    private final Random random = new Random(7);

    @Test
    void aTokenHeldIsFoundAgainAndTheMeansGoBothWays() {
        float[][] held = unitVectors(3);
        double[] both = TokenVectors.of(held).meanBestBothWays(TokenVectors.question(new float[][] {held[0]}));
        assertThat(both[0]).as("the question's one token is held: cosine 1 after 8 bits").isCloseTo(1.0, within(0.01));
        assertThat(both[1]).as("one of three held tokens is asked about; the others are unrelated")
                .isCloseTo(1.0 / 3, within(0.2));
        assertThat(both[1]).isLessThan(both[0]);
    }

    @Test
    void unrelatedTokensStayFarApartOnTheKeptDirections() {
        float[][] held = unitVectors(20);
        float[][] asked = unitVectors(20);
        double[] both = TokenVectors.of(held).meanBestBothWays(TokenVectors.question(asked));
        assertThat(both[0]).as("random directions: the best of 20 is far from 1").isLessThan(0.6);
    }

    @Test
    void aCapabilityKeepsItsFirstTokensInAFewKilobytes() {
        TokenVectors many = TokenVectors.of(unitVectors(200));
        assertThat(many.size()).isEqualTo(TokenVectors.MAX_TOKENS);
        assertThat(many.bytes()).isLessThan(5_000);
    }

    @Test
    void noTokenOnEitherSideIsZeroAndAnotherModelsVectorsAreRefused() {
        float[][] one = unitVectors(1);
        assertThat(TokenVectors.of(new float[0][]).meanBestBothWays(TokenVectors.question(one))).containsExactly(0, 0);
        assertThat(TokenVectors.of(one).meanBestBothWays(new float[0][])).containsExactly(0, 0);
        assertThatThrownBy(() -> TokenVectors.of(new float[][] {{1, 0, 0}})).hasMessageContaining("another model");
        assertThatThrownBy(() -> TokenVectors.of(one).meanBestBothWays(one)).hasMessageContaining("not projected");
    }

    private float[][] unitVectors(int count) {
        float[][] vectors = new float[count][384];
        for (int v = 0; v < count; v++) {
            for (int i = 0; i < 384; i++) {
                vectors[v][i] = (float) random.nextGaussian();
            }
            vectors[v] = MiniLmEmbedder.normalize(vectors[v]);
        }
        return vectors;
    }
}
