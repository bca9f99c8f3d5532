package dev.capplanner.router.rerank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.KeywordIndex;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinearRerankerTest {

    private final KeywordIndex index = KeywordIndex.build(PairFeaturesTest.CATALOG);
    private final PairFeatures features = new PairFeatures(Capability::description, index::documentFrequency,
            index.size());

    @Test
    void zeroWeightsKeepTheFirstStageOrder() {
        var candidates = PairFeaturesTest.candidates(PairFeaturesTest.INVOICES, PairFeaturesTest.FORECAST,
                PairFeaturesTest.ALERT);
        var reranked = new LinearReranker(features, weights("fused", 0)).rerank("metric forecast for Oslo", candidates);
        assertThat(reranked).isEqualTo(candidates);
    }

    @Test
    void theWeightedFeaturesDecideTheOrder() {
        var candidates = PairFeaturesTest.candidates(PairFeaturesTest.INVOICES, PairFeaturesTest.ALERT,
                PairFeaturesTest.FORECAST);
        var reranked = new LinearReranker(features, weights("enum_value_named", 1))
                .rerank("metric forecast for Oslo", candidates);
        assertThat(reranked).extracting(c -> c.capability().name())
                .containsExactly("weather.forecast", "billing.list_invoices", "weather.create_alert");
    }

    @Test
    void weightsReadBackAsWrittenAndRefuseFeaturesTheyWereNotFittedFor() {
        RerankWeights written = weights("phrase_matches", 0.25);
        RerankWeights read = RerankWeights.parse(written.text());
        assertThat(read.weights()).containsExactly(written.weights());
        assertThat(read.enabled()).isTrue();
        assertThatThrownBy(() -> RerankWeights.parse(written.text() + "weight.stars=1\n"))
                .hasMessageContaining("unknown feature stars");
        assertThatThrownBy(() -> RerankWeights.parse(written.text().replace("weight.fused=", "weight.fusedd=")))
                .hasMessageContaining("fusedd");
        assertThatThrownBy(() -> RerankWeights.parse("enabled=true\n")).hasMessageContaining("no weight for feature");
    }

    @Test
    void theShippedWeightsLoad() {
        assertThat(RerankWeights.shipped().weights()).hasSize(PairFeatures.NAMES.size());
    }

    static RerankWeights weights(String feature, double weight) {
        double[] weights = new double[PairFeatures.NAMES.size()];
        weights[PairFeatures.NAMES.indexOf(feature)] = weight;
        return new RerankWeights(true, weights, "test");
    }
}
