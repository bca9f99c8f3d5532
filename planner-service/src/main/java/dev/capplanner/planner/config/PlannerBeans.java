package dev.capplanner.planner.config;

import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.capability.CapabilityPlanner;
import dev.capplanner.planner.classic.ClassicPlanner;
import dev.capplanner.planner.mode.IterationPlanner;
import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.validation.PlanValidator;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

public class PlannerBeans {

    @Produces
    @Singleton
    IterationPlanner iterationPlanner() {
        return new IterationPlanner(new ClassicPlanner(), new CapabilityPlanner(new ArgumentBinder(), new PlanValidator()));
    }

    /** Parsed at start-up so a mistyped mode stops the service instead of silently planning classic. */
    @Produces
    @Singleton
    PlannerMode plannerMode(PlannerConfig config) {
        return PlannerMode.parse(config.mode());
    }
}
