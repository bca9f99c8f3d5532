package dev.capplanner.planner.config;

import dev.capplanner.contracts.events.CapabilityNames;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.classic.ClassicPlanner;
import dev.capplanner.planner.mode.IterationPlanner;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Wires the framework-free planning core, and fails the start when plans could not be sealed. */
public class PlannerBeans {

    void checkPlanSealKey(@Observes StartupEvent started, PlanSeals seals) {
        if (!seals.keys().canSeal()) {
            throw new IllegalStateException("capplanner.plan-seal.active-key is not set: the planner seals every plan");
        }
    }

    @Produces
    @Singleton
    IterationPlanner iterationPlanner(PlannerConfig config) {
        java.util.function.UnaryOperator<String> legacyNames = config.classicConnection().filter(c -> !c.isBlank())
                .<java.util.function.UnaryOperator<String>>map(c -> tool -> CapabilityNames.qualified("api", c, tool))
                .orElse(java.util.function.UnaryOperator.identity());
        return new IterationPlanner(new ClassicPlanner(legacyNames),
                new CapabilityPlanner(new ArgumentBinder(), new PlanValidator(new JsonSchemaArguments())));
    }
}
