package dev.capplanner.router.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Questions with a kind get a breakdown line each, before the strategy's line; --dump writes every ranking. */
class EvaluationOutputTest {

    @TempDir
    Path temp;

    @Test
    void perKindLinesComeBeforeTheStrategyLineAndTheDumpHoldsEachQuestionsTop40() throws Exception {
        Path catalog = Files.writeString(temp.resolve("catalog.jsonl"), String.join("\n",
                "{\"id\": \"getWeather\", \"description\": \"Current weather of a city\"}",
                "{\"id\": \"searchFlights\", \"description\": \"Find flights between two airports\"}",
                "{\"id\": \"getStockPrice\", \"description\": \"Latest price of a stock ticker\"}"));
        Path questions = Files.writeString(temp.resolve("questions.jsonl"), String.join("\n",
                "{\"id\": \"q1\", \"question\": \"What is the weather in Rome?\", \"gold\": [\"getWeather\"], \"kind\": \"single\"}",
                "{\"id\": \"q2\", \"question\": \"Find flights from Rome to Oslo\", \"gold\": [\"searchFlights\"], \"category\": \"travel\"}",
                "{\"id\": \"q3\", \"question\": \"Stock price of ACME\", \"gold\": [\"getStockPrice\"]}"));
        Path dump = temp.resolve("dump.jsonl");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        int status = RoutingEvaluationMain.run(new String[] {"--catalog", catalog.toString(), "--questions",
                questions.toString(), "--strategy", "keyword", "--dump", dump.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), err);
        assertThat(status).isZero();
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("{\"strategy\":\"keyword\",\"kind\":\"single\",\"questions\":1,\"recall@1\":1.000");
        assertThat(lines.get(1)).startsWith("{\"strategy\":\"keyword\",\"kind\":\"travel\",\"questions\":1");
        assertThat(lines.get(2)).startsWith("{\"strategy\":\"keyword\",\"questions\":3,");
        List<String> dumped = Files.readAllLines(dump);
        assertThat(dumped).hasSize(3);
        JsonNode first = new ObjectMapper().readTree(dumped.get(0));
        assertThat(first.path("id").asText()).isEqualTo("q1");
        assertThat(first.path("rank").asInt()).isEqualTo(1);
        assertThat(first.path("top").get(0).asText()).isEqualTo("getWeather");
    }
}
