package dev.capplanner.planning.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.strategy.RankerFactory;
import dev.capplanner.router.strategy.RankingStrategy;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code java -cp planning-eval/target/planning-eval.jar dev.capplanner.planning.evaluation.PlanningCpuMain
 * OPENAPI CONNECTION HIDDEN QUESTIONS...}: the deterministic capability planner's own CPU time per plan
 * over the gold files' questions, routed once beforehand (routing and embedding are not in the figure).
 * Prints eight rounds of 50 passes; the first rounds include the JIT's warm-up. A benchmark for
 * docs/benchmarks.md, not a test: compare figures of one machine and one run.
 */
public final class PlanningCpuMain {

    private static final int ROUNDS = 8;
    private static final int PASSES = 50;

    private PlanningCpuMain() {
    }

    public static void main(String[] args) {
        if (args.length < 4) {
            System.err.println("usage: PlanningCpuMain OPENAPI CONNECTION HIDDEN[,HIDDEN...] QUESTIONS...");
            System.exit(2);
        }
        List<Capability> catalog = ImportedCatalog.openApi(args[0], args[1], Set.of(args[2].split(",")));
        CapabilityPlanner planner = new CapabilityPlanner(new ArgumentBinder(),
                new PlanValidator(new JsonSchemaArguments()));
        PlanningEvaluation routing = new PlanningEvaluation(
                new RankerFactory(() -> new CapabilityEmbeddings(new MiniLmEmbedder())).build(RankingStrategy.HYBRID,
                        catalog), new DeterministicRouter(CapabilityRouter.MAX_CANDIDATES), planner);
        List<PlanningRequest> requests = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            PlanningGoldQuestion.read(Path.of(args[i])).forEach(question -> requests.add(routing.request(question)));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int round = 0; round < ROUNDS; round++) {
            long start = threads.getCurrentThreadCpuTime();
            for (int pass = 0; pass < PASSES; pass++) {
                requests.forEach(planner::plan);
            }
            double micros = (threads.getCurrentThreadCpuTime() - start) / 1_000.0 / (PASSES * requests.size());
            System.out.printf("{\"round\":%d,\"plans\":%d,\"cpu_us_per_plan\":%.1f}%n", round,
                    PASSES * requests.size(), micros);
        }
    }
}
