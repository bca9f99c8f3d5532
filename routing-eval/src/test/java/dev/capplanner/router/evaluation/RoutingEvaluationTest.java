package dev.capplanner.router.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoutingEvaluationTest {

    final Path catalog = resource("tiny/catalog.jsonl");
    final Path questions = resource("tiny/questions.jsonl");

    @Test
    void datasetToolsBecomeCapabilitiesWithInferredEntityAndOperation() {
        List<Capability> capabilities = DatasetCapabilities.read(catalog);
        assertThat(capabilities).extracting(Capability::name)
                .containsExactly("getWeather", "listOrders", "mcp:crm/search_customers");
        assertThat(capabilities.get(0).operation()).isEqualTo("get");
        assertThat(capabilities.get(0).entity()).isEqualTo("weather");
        assertThat(capabilities.get(2).kind()).isEqualTo("mcp");
        assertThat(capabilities.get(2).family()).isEqualTo("mcp:crm");
    }

    @Test
    void recallCountsAQuestionOnlyWhenAllItsGoldToolsAreInTheTopK() {
        EvaluationResult result = new RoutingEvaluation(KeywordIndex.build(DatasetCapabilities.read(catalog)),
                new PrintStream(new ByteArrayOutputStream())).evaluate("keyword", GoldQuestion.read(questions), 2);
        assertThat(result.questions()).isEqualTo(4);
        assertThat(result.noFit()).isEqualTo(1);
        assertThat(result.recallAt1()).isEqualTo(0.5);
        assertThat(result.recallAtK()).isEqualTo(0.75);
        assertThat(result.recallAt8()).isEqualTo(0.75);
        assertThat(result.mrr()).isEqualTo((1 + 1 + 0.5 + 0) / 4);
    }

    @Test
    void theHeadlineCountsToolsAndThePlacesFigureCountsAFamilyOnce() {
        List<RankedCapability> ranking = List.of(ranked("mcp:a/forecast", "mcp:b/forecast", "mcp:c/forecast"),
                ranked("mcp:maps/directions"), ranked("mcp:b/forecast", "mcp:a/forecast", "mcp:c/forecast"),
                ranked("mcp:c/forecast", "mcp:a/forecast", "mcp:b/forecast"), ranked("mcp:news/headlines"));
        assertThat(RoutingEvaluation.rankOfLastGold(ranking, List.of("mcp:c/forecast"))).as("fourth tool").isEqualTo(4);
        assertThat(RoutingEvaluation.rankOfLastGold(ranking, List.of("mcp:news/headlines"))).isEqualTo(5);
        assertThat(RoutingEvaluation.rankOfLastGold(ranking, List.of("mcp:b/forecast", "mcp:maps/directions")))
                .isEqualTo(3);
        assertThat(RoutingEvaluation.rankOfLastGold(ranking, List.of("mcp:weather/now"))).isZero();
        assertThat(RoutingEvaluation.placeOfLastGold(ranking, List.of("mcp:c/forecast"))).as("the family's place")
                .isEqualTo(1);
        assertThat(RoutingEvaluation.placeOfLastGold(ranking, List.of("mcp:news/headlines"))).isEqualTo(3);
        assertThat(RoutingEvaluation.placeOfLastGold(ranking, List.of("mcp:b/forecast", "mcp:maps/directions")))
                .isEqualTo(2);
    }

    private static RankedCapability ranked(String name, String... lookAlikes) {
        Capability capability = new Capability(name, "mcp", name.substring(0, name.lastIndexOf('/')), "x", "get",
                name, List.of(), true, Endpoint.mcpTool("s", "t"), Map.of("type", "object"), null);
        List<MatchReason> reasons = lookAlikes.length == 0 ? List.of()
                : List.of(new MatchReason.LookAlikes(List.of(lookAlikes)));
        return new RankedCapability(capability, 1.0, true, reasons);
    }

    @Test
    void lastStdoutLineIsTheStrategysJson() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = RoutingEvaluationMain.run(new String[] {"--catalog", catalog.toString(), "--questions",
                questions.toString(), "--strategy", "keyword"}, new PrintStream(out), new PrintStream(new ByteArrayOutputStream()));
        assertThat(status).isZero();
        String[] lines = out.toString(StandardCharsets.UTF_8).strip().split("\n");
        assertThat(lines[lines.length - 1]).startsWith("{\"strategy\":\"keyword\",\"questions\":4,\"no_fit\":1,"
                + "\"no_fit_empty_routes\":1,\"recall@1\":0.500,\"recall@8\":0.750,\"recall@40\":0.750,\"mrr\":0.625,\"p50_ms\":");
    }

    @Test
    void unimplementedOrUnknownStrategyIsAClearError() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(RoutingEvaluationMain.run(new String[] {"--catalog", catalog.toString(), "--questions",
                questions.toString(), "--strategy", "magic"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err))).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown strategy 'magic'");
        assertThat(RoutingEvaluationMain.run(new String[] {"--catalog", "/nope"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err))).isEqualTo(2);
    }

    private static Path resource(String name) {
        try {
            return Path.of(RoutingEvaluationTest.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
