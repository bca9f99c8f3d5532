package dev.capplanner.planning.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.planner.llm.PromptTokens;
import dev.capplanner.router.evaluation.DatasetCapabilities;
import dev.capplanner.router.evaluation.GoldQuestion;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.strategy.RankerFactory;
import dev.capplanner.router.strategy.RankingStrategy;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code java -cp planning-eval/target/planning-eval.jar dev.capplanner.planning.evaluation.PromptTokenBudgetMain
 * CATALOG QUESTIONS [MODEL]}: the LLM planner's prompt tokens over the route against the full-catalog
 * baseline at 100, 1,000 and 10,000 capabilities (the catalog scaled with look-alike providers), one
 * JSON line per size. Routing is keyword (BM25F): the route's size, not its ranking, sets the count,
 * and embedding 10,000 descriptions would only slow the run down.
 */
public final class PromptTokenBudgetMain {

    static final int[] SIZES = {100, 1_000, 10_000};

    private PromptTokenBudgetMain() {
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: PromptTokenBudgetMain CATALOG QUESTIONS [MODEL]");
            System.exit(2);
        }
        run(Path.of(args[0]), Path.of(args[1]), args.length > 2 ? args[2] : "gpt-4o-mini", System.out, System.err);
    }

    static void run(Path catalogFile, Path questionsFile, String model, PrintStream out, PrintStream err) {
        List<Capability> source = DatasetCapabilities.read(catalogFile);
        List<String> questions = GoldQuestion.read(questionsFile).stream().filter(q -> !q.noFit())
                .map(GoldQuestion::question).toList();
        PromptTokens tokens = PromptTokens.forModel(model);
        PromptTokenBudget budget = new PromptTokenBudget(tokens);
        RankerFactory rankers = new RankerFactory(() -> {
            throw new IllegalStateException("keyword routing loads no model");
        });
        CapabilityRouter router = new DeterministicRouter(CapabilityRouter.MAX_CANDIDATES);
        err.printf("%d questions, %s (%s)%n", questions.size(), model, tokens.encodingName());
        for (int size : SIZES) {
            List<Capability> catalog = PromptTokenBudget.scaled(source, size);
            PromptTokenBudget.Measurement m = budget.measure(catalog,
                    rankers.build(RankingStrategy.KEYWORD, catalog), router, questions);
            out.println(String.format(Locale.ROOT, "{\"capabilities\":%d,\"questions\":%d,\"routed_p50\":%d,"
                            + "\"routed_p95\":%d,\"baseline\":%d,\"ratio_p50\":%.4f,\"encoding\":\"%s\"}", m.capabilities(),
                    m.questions(), m.routedP50(), m.routedP95(), m.baseline(), m.ratioP50(), tokens.encodingName()));
        }
    }
}
