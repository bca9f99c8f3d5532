package dev.capplanner.planner.config;

import dev.capplanner.planner.mode.PlannerMode;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "planner")
public interface PlannerConfig {

    /**
     * classic, shadow or capability (see {@link PlannerMode}); a mistyped value stops the start
     * instead of silently planning another way. Env: PLANNER_MODE.
     */
    @WithDefault("shadow")
    PlannerMode mode();
}
