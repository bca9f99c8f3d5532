package dev.capplanner.router.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.router.rerank.RerankWeights;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RerankStudyTest {

    @Test
    void eachDatasetIsHeldOutOnceAndTheWeightsAreWrittenWithTheVerdict(@TempDir Path home) throws Exception {
        List<String> arguments = new ArrayList<>(List.of("--rerank-study"));
        for (String side : List.of("desk", "weather")) {
            Path directory = Files.createDirectories(home.resolve(side));
            Files.writeString(directory.resolve("catalog.jsonl"), String.join("\n",
                    "{\"id\": \"tickets.search\", \"description\": \"Search support tickets by text\", \"source\": \"api:desk\"}",
                    "{\"id\": \"tickets.detail\", \"description\": \"One support ticket by its id\", \"source\": \"api:desk\","
                            + " \"inputSchema\": {\"type\": \"object\", \"properties\": {\"ticketId\": {\"type\": \"string\"}}}}",
                    "{\"id\": \"weather.forecast\", \"description\": \"Weather forecast for a city\", \"source\": \"mcp:weather\"}",
                    "{\"id\": \"weather.alerts\", \"description\": \"Weather alerts for a city\", \"source\": \"mcp:weather\"}"));
            Files.writeString(directory.resolve("questions.jsonl"), String.join("\n",
                    "{\"id\": \"q1\", \"question\": \"Find support tickets about refunds\", \"gold\": [\"tickets.search\"]}",
                    "{\"id\": \"q2\", \"question\": \"Show support ticket T-17\", \"gold\": [\"tickets.detail\"]}",
                    "{\"id\": \"q3\", \"question\": \"Any weather alerts for Oslo?\", \"gold\": [\"weather.alerts\"]}",
                    "{\"id\": \"q4\", \"question\": \"Write me a poem\", \"gold\": []}"));
            arguments.addAll(List.of("--catalog", directory.resolve("catalog.jsonl").toString(),
                    "--questions", directory.resolve("questions.jsonl").toString()));
        }
        Path weights = home.resolve("weights.properties");
        arguments.addAll(List.of("--write-weights", weights.toString()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = RoutingEvaluationMain.run(arguments.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertThat(status).isZero();
        String report = out.toString(StandardCharsets.UTF_8);
        assertThat(report).contains("desk ", "weather ", "ceiling r@8", "gains on every held-out dataset: ");
        RerankWeights written = RerankWeights.parse(Files.readString(weights));
        assertThat(written.provenance()).contains("desk (4 q)", "weather (4 q)");
        assertThat(report).contains("the router runs it: " + (written.enabled() ? "yes" : "no"));
    }

    @Test
    void oneDatasetCannotBeHeldOut() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RoutingEvaluationMain.run(new String[] {"--rerank-study", "--catalog", "goldset/catalog.jsonl",
                "--questions", "goldset/questions.jsonl"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("at least two datasets", "--rerank-study");
    }

    @Test
    void theVerdictNeedsAGainOnEveryHeldOutDataset() {
        RerankStudy.Fold better = fold("a", 0.80, 0.82);
        RerankStudy.Fold same = fold("b", 0.90, 0.90);
        assertThat(new RerankStudy.Outcome(List.of(better, same), null, java.util.Map.of()).gainsEverywhere()).isFalse();
        assertThat(new RerankStudy.Outcome(List.of(better), null, java.util.Map.of()).gainsEverywhere()).isTrue();
        assertThat(new RerankStudy.Outcome(List.of(), null, java.util.Map.of()).gainsEverywhere()).isFalse();
    }

    private static RerankStudy.Fold fold(String name, double before, double after) {
        return new RerankStudy.Fold(name, 100, result(before), result(after), result(1.0));
    }

    private static EvaluationResult result(double recallAt8) {
        return new EvaluationResult("hybrid", 100, 0, 0, 0.5, recallAt8, 0.99, 8, recallAt8, 0.5, 1, 2, recallAt8);
    }
}
