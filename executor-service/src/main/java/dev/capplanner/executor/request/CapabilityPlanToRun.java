package dev.capplanner.executor.request;

import dev.capplanner.capabilityplans.language.CompiledCapabilityPlan;
import java.util.function.Supplier;

/**
 * A capability plan of the run's snapshot, compiled the first time it runs: a snapshot may hold many
 * plans, a plan event runs few of them, and each plan event maps the whole snapshot.
 */
public final class CapabilityPlanToRun {

    private final Supplier<CompiledCapabilityPlan> compile;
    private volatile CompiledCapabilityPlan compiled;

    private CapabilityPlanToRun(Supplier<CompiledCapabilityPlan> compile) {
        this.compile = compile;
    }

    public static CapabilityPlanToRun compiledWhenRun(Supplier<CompiledCapabilityPlan> compile) {
        return new CapabilityPlanToRun(compile);
    }

    public CompiledCapabilityPlan compiled() {
        CompiledCapabilityPlan plan = compiled;
        if (plan == null) {
            plan = compile.get();
            compiled = plan;
        }
        return plan;
    }
}
