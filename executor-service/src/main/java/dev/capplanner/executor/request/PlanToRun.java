package dev.capplanner.executor.request;

import dev.capplanner.plans.language.CompiledPlan;
import java.util.function.Supplier;

/**
 * A capability plan of the run's snapshot, compiled the first time it runs: a snapshot may hold many
 * plans, a plan event runs few of them, and each plan event maps the whole snapshot.
 */
public final class PlanToRun {

    private final Supplier<CompiledPlan> compile;
    private volatile CompiledPlan compiled;

    private PlanToRun(Supplier<CompiledPlan> compile) {
        this.compile = compile;
    }

    public static PlanToRun compiledWhenRun(Supplier<CompiledPlan> compile) {
        return new PlanToRun(compile);
    }

    public CompiledPlan compiled() {
        CompiledPlan plan = compiled;
        if (plan == null) {
            plan = compile.get();
            compiled = plan;
        }
        return plan;
    }
}
