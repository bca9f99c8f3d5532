package dev.capplanner.router.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.rerank.RerankWeights;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.strategy.RankerFactory;
import dev.capplanner.router.strategy.RankingStrategy;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The project's own gold set (routing-eval/goldset), ranked as the router serves it: its real code
 * and model, built by the router's own factory (boilerplate left out, look-alikes named).
 */
class GoldSetTest {

    static List<Capability> catalog;
    static List<GoldQuestion> questions;
    /**
     * Written on 2026-12-07 by someone who had not seen the router; the first stage was never tuned on
     * it, the shipped second stage's weights were fitted on it among all datasets (in sample for them).
     */
    static List<GoldQuestion> fresh;
    static CapabilityRanker keyword;
    static CapabilityRanker semantic;
    static CapabilityRanker hybrid;
    static CapabilityRanker firstStage;

    @BeforeAll
    static void load() {
        catalog = DatasetCapabilities.read(Path.of("goldset/catalog.jsonl"));
        questions = GoldQuestion.read(Path.of("goldset/questions.jsonl"));
        fresh = GoldQuestion.read(Path.of("goldset/questions-2.jsonl"));
        CapabilityEmbeddings embeddings = new CapabilityEmbeddings(new MiniLmEmbedder());
        RankerFactory rankers = new RankerFactory(() -> embeddings);
        keyword = rankers.build(RankingStrategy.KEYWORD, catalog);
        semantic = rankers.build(RankingStrategy.SEMANTIC, catalog);
        hybrid = rankers.build(RankingStrategy.HYBRID, catalog);
        RerankWeights shipped = RerankWeights.shipped();
        firstStage = new RankerFactory(() -> embeddings, false, new RerankWeights(false, shipped.weights(), "off"))
                .build(RankingStrategy.HYBRID, catalog);
    }

    @Test
    void theGoldSetIsARealisticPooledCatalogWithLookAlikeFamilies() {
        assertThat(catalog).hasSizeGreaterThanOrEqualTo(300);
        assertThat(questions).hasSizeGreaterThanOrEqualTo(400);
        assertThat(questions.stream().filter(q -> "two-action".equals(q.kind()))).hasSizeGreaterThanOrEqualTo(50);
        assertThat(questions.stream().filter(q -> "persian".equals(q.kind()))).hasSizeGreaterThanOrEqualTo(15);
        Map<String, Long> sameName = catalog.stream().collect(Collectors.groupingBy(
                c -> c.name().substring(c.name().indexOf('/') + 1), Collectors.counting()));
        assertThat(sameName.get("list_issues")).isGreaterThanOrEqualTo(2);
        assertThat(RoutingEvaluation.missingGold(questions, keyword.capabilities())).isEmpty();
    }

    @Test
    void theFirstStageRoutesAtLeast98PercentOfQuestionsWithinEightTools() {
        EvaluationResult first = evaluate("hybrid", firstStage, questions);
        // By the tool measure (every gold tool among the first eight tools ranked): 386 of 394 (0.980);
        // by places (a look-alike family in one place): 387 of 394 (0.982), 2026-12-05.
        assertThat(first.recallAt8()).isGreaterThanOrEqualTo(0.979);
        assertThat(first.placesAt8()).isGreaterThanOrEqualTo(0.98);
    }

    /**
     * The second stage runs because it gained on every held-out dataset (docs/benchmarks.md,
     * "Reranking the top 40"); over the whole gold set, both files, the router as served may not be
     * worse than its first stage, and on the fresh file it stays at what it reached when shipped
     * (184 of 190, 0.968; the first stage 182).
     */
    @Test
    void theServedHybridIsNotWorseThanTheFirstStageOverTheWholeGoldSet() {
        List<GoldQuestion> all = new ArrayList<>(questions);
        all.addAll(fresh);
        assertThat(evaluate("hybrid", hybrid, all).recallAt8())
                .isGreaterThanOrEqualTo(evaluate("hybrid", firstStage, all).recallAt8());
        assertThat(evaluate("hybrid", hybrid, fresh).recallAt8()).isGreaterThanOrEqualTo(0.968);
    }

    @Test
    void theServedHybridRoutesAtLeast98PercentOfQuestionsWithinEightTools() {
        EvaluationResult served = evaluate("hybrid", hybrid, questions);
        // 386 of 394 (0.980) by the tool measure, 387 (0.982) by places, with the second stage as without it.
        assertThat(served.recallAt8()).isGreaterThanOrEqualTo(0.979);
        assertThat(served.placesAt8()).isGreaterThanOrEqualTo(0.98);
        // Two of the six no-fit questions, written after the relevance floors were set, still get a
        // route (a limerick request is 0.29 similar to customer notes; "17 times 23" matches "time"):
        // the floors are absolute, see the gold set's README. No fewer may get an empty route.
        assertThat(served.noFitEmptyRoutes()).as("questions no tool fits get an empty route")
                .isGreaterThanOrEqualTo(served.noFit() - 2);

        EvaluationResult lexical = evaluate("keyword", keyword, questions);
        EvaluationResult meaning = evaluate("semantic", semantic, questions);
        assertThat(served.recallAt8()).isGreaterThanOrEqualTo(Math.max(lexical.recallAt8(), meaning.recallAt8()));
        assertThat(served.mrr()).isGreaterThanOrEqualTo(Math.max(lexical.mrr(), meaning.mrr()));
    }

    private static EvaluationResult evaluate(String name, CapabilityRanker ranker, List<GoldQuestion> asked) {
        return new RoutingEvaluation(ranker, new PrintStream(new ByteArrayOutputStream())).evaluate(name, asked, 8);
    }
}
