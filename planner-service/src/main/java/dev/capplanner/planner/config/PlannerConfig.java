package dev.capplanner.planner.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "planner")
public interface PlannerConfig {

    /** classic, shadow or capability; see {@code PlannerMode}. Env: PLANNER_MODE. */
    @WithDefault("shadow")
    String mode();
}
