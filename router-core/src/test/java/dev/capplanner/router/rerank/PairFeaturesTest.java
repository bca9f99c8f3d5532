package dev.capplanner.router.rerank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.router.keyword.KeywordIndex;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PairFeaturesTest {

    static final Capability FORECAST = tool("weather.forecast", "forecast", "get",
            "Weather forecast for a city: temperature and rain",
            Map.of("city", Map.of("type", "string"), "units", Map.of("type", "string", "enum", List.of("metric", "imperial"))),
            List.of("city"));
    static final Capability ALERT = tool("weather.create_alert", "alert", "create",
            "Create a weather alert that notifies a user when rain is expected",
            Map.of("city", Map.of("type", "string"), "email", Map.of("type", "string")), List.of("city", "email"));
    static final Capability INVOICES = tool("billing.list_invoices", "invoice", "list",
            "List the invoices of a customer", Map.of("customerId", Map.of("type", "string")), List.of("customerId"));
    static final List<Capability> CATALOG = List.of(FORECAST, ALERT, INVOICES);

    private final KeywordIndex index = KeywordIndex.build(CATALOG);
    private final PairFeatures features = new PairFeatures(Capability::description, index::documentFrequency,
            index.size());

    @Test
    void namesTheParametersEnumValuesAndTheVerbKindTheQuestionAgreesWith() {
        double[][] rows = features.of("Fetch the metric forecast for the city of Oslo", candidates(FORECAST, ALERT));
        assertThat(value(rows[0], "enum_value_named")).isEqualTo(1);
        assertThat(value(rows[1], "enum_value_named")).isZero();
        assertThat(value(rows[0], "parameter_coverage")).as("city named, units not").isEqualTo(0.5);
        assertThat(value(rows[1], "required_coverage")).as("city named, email not").isEqualTo(0.5);
        assertThat(value(rows[0], "operation_kind_agrees")).as("fetch is a read, as get is").isEqualTo(1);
        assertThat(value(rows[0], "operation_named")).as("get is not written").isZero();
        assertThat(value(rows[1], "operation_kind_conflicts")).as("fetch is no create").isEqualTo(1);
        assertThat(value(rows[1], "operation_kind_agrees")).isZero();
    }

    @Test
    void anInflectedOperationIsNamed() {
        double[][] rows = features.of("I am creating an alert for rain in Oslo", candidates(ALERT, FORECAST));
        assertThat(value(rows[0], "operation_named")).isEqualTo(1);
        assertThat(value(rows[0], "operation_kind_conflicts")).isZero();
    }

    @Test
    void coverageWeighsRareWordsAndLeavesOutWordsNoCapabilityHolds() {
        // "rain" is in two of three tools, "alert" in one; "Oslo" in none, so it is no part of the measure
        double[][] rows = features.of("alert rain Oslo", candidates(ALERT, FORECAST));
        assertThat(value(rows[0], "question_coverage")).isCloseTo(1.0, within(1e-9));
        assertThat(value(rows[1], "question_coverage")).isBetween(0.01, 0.5);
        assertThat(value(rows[0], "rarest_word_matched")).isEqualTo(1);
        assertThat(value(rows[1], "rarest_word_matched")).isZero();
        assertThat(value(rows[0], "unique_coverage")).as("only the alert tool holds alert").isGreaterThan(0);
        assertThat(value(rows[1], "unique_coverage")).as("rain is held by both").isZero();
    }

    @Test
    void phrasesAreFoundAsPhrasesAndNamesByTheirWords() {
        double[][] rows = features.of("weather forecast please", candidates(FORECAST, ALERT));
        assertThat(value(rows[0], "phrase_matches")).isEqualTo(1);
        assertThat(value(rows[1], "phrase_matches")).isZero();
        assertThat(value(rows[0], "name_coverage")).as("weather and forecast").isEqualTo(1);
        assertThat(value(rows[1], "name_coverage")).as("weather of weather, create, alert").isCloseTo(1 / 3.0, within(1e-9));
    }

    @Test
    void theFirstStageSignalsArePassedOnWithTheGapToTheMostSimilar() {
        double[][] rows = features.of("invoices", List.of(new RerankCandidate(INVOICES, 0.9, 1.0, 0.6),
                new RerankCandidate(FORECAST, 0.2, 0.0, 0.1)));
        assertThat(rows[1]).hasSize(PairFeatures.NAMES.size());
        assertThat(value(rows[1], "fused")).isEqualTo(0.2);
        assertThat(value(rows[1], "similarity_gap")).isCloseTo(-0.5, within(1e-9));
        assertThat(value(rows[0], "first_stage_place")).isEqualTo(1);
        assertThat(value(rows[1], "first_stage_place")).isEqualTo(0.5);
    }

    @Test
    void placesAreReciprocalByEachSignalAndTheKeywordShareIsPassedOn() {
        double[][] rows = features.of("create alert for rain", List.of(new RerankCandidate(FORECAST, 0.9, 0.2, 0.3),
                new RerankCandidate(ALERT, 0.8, 0.7, 0.6)));
        assertThat(value(rows[1], "keyword")).isEqualTo(0.7);
        assertThat(value(rows[1], "keyword_place")).isEqualTo(1);
        assertThat(value(rows[0], "keyword_place")).isEqualTo(0.5);
        assertThat(value(rows[1], "similarity_place")).isEqualTo(1);
        assertThat(value(rows[0], "similarity_place")).isEqualTo(0.5);
        assertThat(value(rows[0], "first_stage_place")).isEqualTo(1);
    }

    @Test
    void aNameIsReadWholeAndByItsWordPairsAndTheEntityByItsWords() {
        double[][] pairOnly = features.of("create alert for rain", candidates(ALERT, FORECAST));
        assertThat(value(pairOnly[0], "name_phrase_named")).as("create alert").isEqualTo(1);
        assertThat(value(pairOnly[0], "whole_name_named")).as("weather is not written").isZero();
        assertThat(value(pairOnly[0], "entity_coverage")).isEqualTo(1);
        assertThat(value(pairOnly[1], "entity_coverage")).isZero();
        double[][] whole = features.of("alert me: create one for weather", candidates(ALERT));
        assertThat(value(whole[0], "whole_name_named")).isEqualTo(1);
        assertThat(value(whole[0], "name_phrase_named")).as("no pair of the name written as a pair").isZero();
    }

    @Test
    void coverageIsReadPerFieldAsWell() {
        double[][] rows = features.of("create alert for rain", candidates(ALERT, FORECAST));
        assertThat(value(rows[0], "question_coverage_by_description")).isCloseTo(1.0, within(1e-9));
        assertThat(value(rows[0], "question_coverage_by_name")).as("rain is not in the name").isBetween(0.5, 0.99);
        assertThat(value(rows[1], "question_coverage_by_name")).isZero();
        assertThat(value(rows[1], "question_coverage_by_description")).as("rain only").isBetween(0.01, 0.5);
    }

    @Test
    void boundAndGenericParametersAreNotCountedAndEnumValuesAreReadWithinBounds() {
        Capability tool = tool("weather.report", "report", "get", "Weather report",
                Map.of("tenant", Map.of("type", "string", "x-capplanner-bind", "tenant"),
                        "city", Map.of("type", "string"), "id", Map.of("type", "string"),
                        "units", Map.of("type", "string", "enum", List.of("metric",
                                "a value far too long to be any unit of measurement", "one two three four"))),
                List.of("city"));
        double[][] rows = features.of("the report for tenant acme by id", candidates(tool));
        assertThat(value(rows[0], "parameter_coverage")).as("city and units count, tenant and id do not")
                .isZero();
        assertThat(value(features.of("report for the city", candidates(tool))[0], "parameter_coverage"))
                .isEqualTo(0.5);
        assertThat(value(features.of("one two three four: a value far too long to be any unit of measurement",
                candidates(tool))[0], "enum_value_named")).isZero();
    }

    static double value(double[] row, String feature) {
        return row[PairFeatures.NAMES.indexOf(feature)];
    }

    static List<RerankCandidate> candidates(Capability... capabilities) {
        return Arrays.stream(capabilities).map(c -> new RerankCandidate(c, 0.5, 0.5, 0.5)).toList();
    }

    static Capability tool(String name, String entity, String operation, String description,
                           Map<String, Object> properties, List<String> required) {
        Map<String, Object> schema = Map.of("type", "object", "properties", properties, "required", required);
        return new Capability(name, "api", "api:" + name.substring(0, name.indexOf('.')), entity, operation, description,
                List.of(), true, new Endpoint("demo-api", "GET", "/" + name), schema, null, List.of(), List.of(), null,
                null, null);
    }
}
