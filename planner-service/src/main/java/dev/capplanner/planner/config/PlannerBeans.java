package dev.capplanner.planner.config;

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
    IterationPlanner iterationPlanner() {
        return new IterationPlanner(new ClassicPlanner(),
                new CapabilityPlanner(new ArgumentBinder(), new PlanValidator(new JsonSchemaArguments())));
    }
}
