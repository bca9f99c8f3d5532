package dev.capplanner.planning.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.importing.openapi.OpenApiSource;
import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.classification.ClassifyingPlanner;
import dev.capplanner.planner.classification.WordClassifier;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.strategy.RankerFactory;
import dev.capplanner.router.strategy.RankingStrategy;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code ./run-plan-eval.sh --openapi FILE|URL --questions FILE [--connection NAME] [--hidden PARAM,...]
 * [--strategy keyword|semantic|hybrid]}. Every miss goes to stderr with what was planned; the last
 * stdout line is the summary as one JSON object.
 */
public final class PlanningEvaluationMain {

    static final String USAGE = "usage: ./run-plan-eval.sh --openapi FILE|URL --questions FILE [--connection NAME]"
            + " [--hidden PARAM,...] [--strategy keyword|semantic|hybrid]\n";

    private PlanningEvaluationMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String openApi = null;
        Path questionsFile = null;
        String connection = null;
        Set<String> hidden = new LinkedHashSet<>();
        RankingStrategy strategy = RankingStrategy.HYBRID;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--openapi" -> openApi = value(args, ++i, "--openapi");
                    case "--questions" -> questionsFile = Path.of(value(args, ++i, "--questions"));
                    case "--connection" -> connection = value(args, ++i, "--connection");
                    case "--hidden" -> hidden.addAll(List.of(value(args, ++i, "--hidden").split(",")));
                    case "--strategy" -> strategy = strategy(value(args, ++i, "--strategy"));
                    case "--help", "-h" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            if (openApi == null || questionsFile == null) {
                throw new IllegalArgumentException("--openapi and --questions are required");
            }
            if (!Files.isReadable(questionsFile)) {
                throw new IllegalArgumentException("cannot read " + questionsFile);
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        List<PlanningGoldQuestion> questions;
        List<Capability> catalog;
        try {
            questions = PlanningGoldQuestion.read(questionsFile);
            String name = connection != null ? connection : OpenApiSource.connectionName(OpenApiSource.read(openApi), openApi);
            catalog = ImportedCatalog.openApi(openApi, name, hidden);
        } catch (RuntimeException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        List<String> unknown = PlanningEvaluation.unknownTools(questions, catalog);
        if (!unknown.isEmpty()) {
            err.println("error: the gold file names tools the catalog does not hold: " + unknown);
            return 2;
        }
        err.printf("Planning %d questions over %d read-only capabilities (%s routing) ...%n", questions.size(),
                catalog.size(), strategy.name().toLowerCase(Locale.ROOT));
        RankerFactory rankers = new RankerFactory(() -> new CapabilityEmbeddings(new MiniLmEmbedder()));
        PlanningEvaluation evaluation = new PlanningEvaluation(rankers.build(strategy, catalog),
                new DeterministicRouter(CapabilityRouter.MAX_CANDIDATES),
                new ClassifyingPlanner(new WordClassifier(),
                        new CapabilityPlanner(new ArgumentBinder(), new PlanValidator(new JsonSchemaArguments()))));
        PlanningResult result = evaluation.evaluate(questions);
        for (PlanningResult.Graded miss : result.misses()) {
            err.printf("  miss %s \"%s\"%n    expected %s%n    planned  %s%s%n    routed   %s%n",
                    miss.question().id(), miss.question().question(), miss.question().expectsInsufficient()
                            ? "insufficient" : miss.question().plan(), miss.plannedCalls(),
                    miss.reason() == null ? "" : " (" + miss.reason() + ")", miss.routed());
        }
        out.println(result.json(strategy.name().toLowerCase(Locale.ROOT)));
        return 0;
    }

    private static RankingStrategy strategy(String value) {
        try {
            return RankingStrategy.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--strategy must be keyword, semantic or hybrid");
        }
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[index];
    }
}
