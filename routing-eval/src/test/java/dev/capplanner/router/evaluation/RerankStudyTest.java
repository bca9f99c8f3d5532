package dev.capplanner.router.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.router.rerank.RerankFeatures;
import dev.capplanner.router.rerank.RerankWeights;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
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
        for (Path directory : datasets(home)) {
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
        assertThat(written.provenance()).contains("desk (4 q)", "weather (3 q)");
        assertThat(report).contains("the router runs it: " + (written.enabled() ? "yes" : "no"));
    }

    @Test
    void aFoldIsFittedOnTheOtherDatasetsOnlyAndTheShippedWeightsOnAll(@TempDir Path home) {
        List<Path> directories = datasets(home);
        List<FusionStudy.Dataset> datasets = FusionStudyMain.datasets(new FusionStudyMain.StudyArguments(
                directories.stream().map(d -> d.resolve("catalog.jsonl")).toList(),
                directories.stream().map(d -> List.of(d.resolve("questions.jsonl"))).toList(), false, null),
                new PrintStream(new ByteArrayOutputStream()));
        List<List<List<ListwiseFit.Group>>> calls = new ArrayList<>();
        RerankStudy.Fitter spy = training -> {
            calls.add(List.copyOf(training));
            return new double[RerankFeatures.NAMES.size()];
        };
        RerankStudy.Outcome outcome = new RerankStudy(new MiniLmEmbedder(), new PrintStream(new ByteArrayOutputStream()),
                spy).run(datasets, "today");
        assertThat(calls).hasSize(3);
        List<List<ListwiseFit.Group>> all = calls.get(2);
        assertThat(all).hasSize(2).allSatisfy(groups -> assertThat(groups).isNotEmpty());
        assertThat(calls.get(0)).as("desk held out: fitted on weather's lists alone").hasSize(1)
                .first().isSameAs(all.get(1));
        assertThat(calls.get(1)).as("weather held out: fitted on desk's lists alone").hasSize(1)
                .first().isSameAs(all.get(0));
        assertThat(outcome.folds()).extracting(RerankStudy.Fold::gain).containsOnly(0.0);
        assertThat(outcome.routerWeights().enabled()).as("zero weights change nothing: no gain").isFalse();
    }

    @Test
    void aCatalogIsOneDatasetWhateverTheNumberOfItsQuestionFiles(@TempDir Path home) throws IOException {
        Path desk = datasets(home).get(0);
        Path more = Files.writeString(desk.resolve("more.jsonl"),
                "{\"id\": \"d5\", \"question\": \"Who are the support agents?\", \"gold\": [\"agents.list\"]}\n");
        String catalog = desk.resolve("catalog.jsonl").toString();
        String questions = desk.resolve("questions.jsonl").toString();
        FusionStudyMain.StudyArguments parsed = FusionStudyMain.StudyArguments.parse(List.of("--catalog", catalog,
                "--questions", questions, "--questions", more.toString(), "--catalog",
                home.resolve("weather/catalog.jsonl").toString(), "--questions",
                home.resolve("weather/questions.jsonl").toString()), true);
        List<FusionStudy.Dataset> datasets = FusionStudyMain.datasets(parsed, new PrintStream(new ByteArrayOutputStream()));
        assertThat(datasets).extracting(FusionStudy.Dataset::name).containsExactly("desk", "weather");
        assertThat(datasets.get(0).questions()).hasSize(5);
        assertThatThrownBy(() -> FusionStudyMain.StudyArguments.parse(List.of("--catalog", catalog, "--questions",
                questions, "--catalog", desk.resolve("../desk/catalog.jsonl").toString(), "--questions",
                more.toString()), true)).hasMessageContaining("is given twice");
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
        assertThat(RerankStudy.gainEverywhere(List.of(better, same))).isFalse();
        assertThat(RerankStudy.gainEverywhere(List.of(better))).isTrue();
        assertThat(RerankStudy.gainEverywhere(List.of())).isFalse();
    }

    private static RerankStudy.Fold fold(String name, double before, double after) {
        return new RerankStudy.Fold(name, result(before), result(after), result(1.0));
    }

    /** Two datasets of different catalogs and questions: a help desk (4 questions) and weather (3). */
    private static List<Path> datasets(Path home) {
        try {
            Path desk = Files.createDirectories(home.resolve("desk"));
            Files.writeString(desk.resolve("catalog.jsonl"), String.join("\n",
                    "{\"id\": \"tickets.search\", \"description\": \"Search support tickets by text\", \"source\": \"api:desk\"}",
                    "{\"id\": \"tickets.detail\", \"description\": \"One support ticket by its id\", \"source\": \"api:desk\","
                            + " \"inputSchema\": {\"type\": \"object\", \"properties\": {\"ticketId\": {\"type\": \"string\"}}}}",
                    "{\"id\": \"tickets.comments\", \"description\": \"Comments on a support ticket\", \"source\": \"api:desk\"}",
                    "{\"id\": \"agents.list\", \"description\": \"List the support agents\", \"source\": \"api:desk\"}"));
            Files.writeString(desk.resolve("questions.jsonl"), String.join("\n",
                    "{\"id\": \"d1\", \"question\": \"Find support tickets about refunds\", \"gold\": [\"tickets.search\"]}",
                    "{\"id\": \"d2\", \"question\": \"Show support ticket T-17\", \"gold\": [\"tickets.detail\"]}",
                    "{\"id\": \"d3\", \"question\": \"What did people comment on ticket T-17?\", \"gold\": [\"tickets.comments\"]}",
                    "{\"id\": \"d4\", \"question\": \"Write me a poem\", \"gold\": []}"));
            Path weather = Files.createDirectories(home.resolve("weather"));
            Files.writeString(weather.resolve("catalog.jsonl"), String.join("\n",
                    "{\"id\": \"weather.forecast\", \"description\": \"Weather forecast for a city\", \"source\": \"mcp:weather\"}",
                    "{\"id\": \"weather.alerts\", \"description\": \"Weather alerts for a city\", \"source\": \"mcp:weather\"}",
                    "{\"id\": \"weather.history\", \"description\": \"Past weather of a city\", \"source\": \"mcp:weather\"}"));
            Files.writeString(weather.resolve("questions.jsonl"), String.join("\n",
                    "{\"id\": \"w1\", \"question\": \"Any weather alerts for Oslo?\", \"gold\": [\"weather.alerts\"]}",
                    "{\"id\": \"w2\", \"question\": \"Will it rain in Oslo tomorrow? Check the weather forecast\","
                            + " \"gold\": [\"weather.forecast\"]}",
                    "{\"id\": \"w3\", \"question\": \"How was the weather in Oslo last year?\", \"gold\": [\"weather.history\"]}"));
            return List.of(desk, weather);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static EvaluationResult result(double recallAt8) {
        return new EvaluationResult("hybrid", 100, 0, 0, 0.5, recallAt8, 0.99, 8, recallAt8, 0.5, 1, 2, recallAt8);
    }
}
