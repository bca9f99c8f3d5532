package dev.capplanner.planner.config;

import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.classic.ClassicPlanner;
import dev.capplanner.planner.mode.IterationPlanner;
import dev.capplanner.planner.schema.JsonSchemaArguments;
import dev.capplanner.planner.validation.PlanValidator;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Wires the framework-free planning core. */
public class PlannerBeans {

    @Produces
    @Singleton
    IterationPlanner iterationPlanner() {
        return new IterationPlanner(new ClassicPlanner(),
                new CapabilityPlanner(new ArgumentBinder(), new PlanValidator(new JsonSchemaArguments())));
    }
}
