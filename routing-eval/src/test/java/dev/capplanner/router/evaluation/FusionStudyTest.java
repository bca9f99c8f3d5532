package dev.capplanner.router.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FusionStudyTest {

    /** "tuned" wins on a and b only; "steady" is second everywhere. */
    private static final List<FusionStudy.Score> SCORES = List.of(
            score("steady", "a", 0.90), score("steady", "b", 0.80), score("steady", "c", 0.85),
            score("tuned", "a", 0.95), score("tuned", "b", 0.79), score("tuned", "c", 0.60),
            score("base", "a", 0.88), score("base", "b", 0.81), score("base", "c", 0.84));

    @Test
    void eachHeldOutDatasetIsScoredWithTheRuleTheOthersChose() {
        List<FusionStudy.Fold> folds = FusionStudy.crossValidate(SCORES, "base");
        assertThat(folds).extracting(FusionStudy.Fold::heldOut).containsExactly("a", "b", "c");
        assertThat(folds.get(0).chosen()).as("b and c choose").isEqualTo("steady");
        assertThat(folds.get(1).chosen()).as("a and c choose").isEqualTo("steady");
        assertThat(folds.get(2).chosen()).as("a and b choose the rule tuned to them").isEqualTo("tuned");
        assertThat(folds.get(2).gain()).as("which fails on c").isCloseTo(0.60 - 0.84, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(FusionStudy.bestOverall(SCORES)).isEqualTo("steady");
    }

    @Test
    void theReportShowsTheTableTheFoldsAndTheirSpread() {
        List<String> report = FusionStudy.report(SCORES, "base");
        assertThat(report.get(0)).contains("| a", "| b", "| c");
        assertThat(report).anyMatch(line -> line.startsWith("steady") && line.contains("0.900 / 0.500"));
        assertThat(report.get(report.size() - 1))
                .isEqualTo("held-out gain over base: -0.240 to +0.020; chosen on all datasets: \"steady\"");
    }

    @Test
    void oneDatasetCannotBeCrossValidated() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RoutingEvaluationMain.run(new String[] {"--fusion-study", "--catalog", "goldset/catalog.jsonl",
                "--questions", "goldset/questions.jsonl"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("at least two datasets");
    }

    @Test
    void theStudyRunsEndToEndAndTellsTwoDatasetsOfOneDirectoryApart(@TempDir Path home) throws Exception {
        List<String> arguments = new java.util.ArrayList<>(List.of("--fusion-study"));
        for (String side : List.of("first", "second")) {
            Path directory = Files.createDirectories(home.resolve(side).resolve("tickets"));
            Files.writeString(directory.resolve("catalog.jsonl"), String.join("\n",
                    "{\"id\": \"tickets.search\", \"description\": \"Search support tickets by text\", \"source\": \"api:desk\"}",
                    "{\"id\": \"weather.forecast\", \"description\": \"Weather forecast for a city\", \"source\": \"mcp:weather\"}"));
            Files.writeString(directory.resolve("questions.jsonl"), String.join("\n",
                    "{\"id\": \"q1\", \"question\": \"Find tickets about refunds\", \"gold\": [\"tickets.search\"]}",
                    "{\"id\": \"q2\", \"question\": \"Will it rain in Oslo?\", \"gold\": [\"weather.forecast\"]}"));
            arguments.addAll(List.of("--catalog", directory.resolve("catalog.jsonl").toString(),
                    "--questions", directory.resolve("questions.jsonl").toString()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = RoutingEvaluationMain.run(arguments.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertThat(status).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("| tickets", "| tickets#2", "held out tickets:", "held out tickets#2:")
                .contains("the router runs: \"magnitude\"");
    }

    private static FusionStudy.Score score(String rule, String dataset, double recallAt8) {
        return new FusionStudy.Score(rule, dataset,
                new EvaluationResult("hybrid", 100, 0, 0, 0.5, recallAt8, 0.99, 8, recallAt8, 0.5, 1, 2, recallAt8));
    }
}
