package dev.capplanner.router.rerank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.semantic.TokenVectors;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LinearRerankerTest {

    private final KeywordIndex index = KeywordIndex.build(PairFeaturesTest.CATALOG);
    /** The words' features; no token vectors (their features are 0). */
    private final RerankFeatures features = new RerankFeatures(new PairFeatures(Capability::description,
            index::documentFrequency, index.size()), new TokenFeatures(
                    capability -> TokenVectors.of(new float[0][])));

    @Test
    void theWeightedFeaturesDecideTheOrder() {
        var candidates = PairFeaturesTest.candidates(PairFeaturesTest.INVOICES, PairFeaturesTest.ALERT,
                PairFeaturesTest.FORECAST);
        var reranked = new LinearReranker(features, weights("enum_value_named", 1))
                .rerank(RerankQuery.of("metric forecast for Oslo"), candidates);
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
        assertThatThrownBy(() -> RerankWeights.parse(written.text().replace("enabled=true", "enabled=yes")))
                .hasMessageContaining("enabled is true or false");
        assertThatThrownBy(() -> RerankWeights.parse(written.text() + "weight.fused=2\n"))
                .hasMessageContaining("weight.fused is given twice");
        assertThatThrownBy(() -> RerankWeights.parse(written.text().replace("weight.phrase_matches=0.250000",
                "weight.phrase_matches=lots"))).hasMessageContaining("the weight of phrase_matches is no number");
        assertThatThrownBy(() -> RerankWeights.parse(written.text() + "colour=blue\n"))
                .hasMessageContaining("unknown key colour");
        RerankWeights odd = new RerankWeights(false, written.weights(), "fitted on C:\\data\nand more");
        assertThat(RerankWeights.parse(odd.text()).provenance()).isEqualTo("fitted on C:\\data and more");
    }

    /**
     * The shipped file is what the study wrote: enabled exactly when every held-out dataset gained, as its
     * provenance line records the gains ("held-out recall@8 gains seal-tools +0.003, metatool -0.002, ...").
     */
    @Test
    void theShippedWeightsAreEnabledOnlyWhenEveryHeldOutDatasetGained() {
        RerankWeights shipped = RerankWeights.shipped();
        Matcher gains = Pattern.compile("gains (.+)$").matcher(shipped.provenance());
        assertThat(gains.find()).as("the provenance names the held-out gains").isTrue();
        List<Double> each = Arrays.stream(gains.group(1).split(", "))
                .map(gain -> Double.parseDouble(gain.substring(gain.lastIndexOf(' ') + 1))).toList();
        assertThat(each).hasSizeGreaterThanOrEqualTo(2);
        assertThat(shipped.enabled()).isEqualTo(each.stream().allMatch(gain -> gain > 0));
    }

    static RerankWeights weights(String feature, double weight) {
        double[] weights = new double[RerankFeatures.NAMES.size()];
        weights[RerankFeatures.NAMES.indexOf(feature)] = weight;
        return new RerankWeights(true, weights, "test");
    }
}
