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

    /**
     * The registry connection of the API the legacy planner was written for (e.g. {@code demo-api}): its
     * fixed tool names are then qualified as that connection's ({@code api:demo-api/orders.detail}), as
     * the registry names imported capabilities. Unset, they stay as written (a static catalog's names).
     * Env: PLANNER_CLASSIC_CONNECTION.
     */
    java.util.Optional<String> classicConnection();

    /**
     * How many iterations a turn may take: a plan whose results the planner must see first (a result
     * whose shape no tool declares) is one, and the next is planned from what it returned. At the cap
     * the turn ends insufficient. 1: every plan must answer at once. Env: PLANNER_MAX_ITERATIONS.
     */
    @WithDefault("3")
    @io.smallrye.config.WithName("max-iterations")
    int maxIterations();

    /** The LLM planner (quarkus-langchain4j, configured under {@code quarkus.langchain4j.openai.*}). */
    Llm llm();

    interface Llm {

        /**
         * Off: the deterministic planner plans (the offline default). On: the chat model is asked, its
         * answer validated and corrected once; an unreachable provider falls back to the deterministic
         * planner, and the shadow report says so. Env: PLANNER_LLM_ENABLED.
         */
        @WithDefault("false")
        boolean enabled();

        /**
         * With the LLM planner on, also classify requests (help, inspection, command) with the model;
         * an unreachable model or an answer out of format leaves it to the deterministic classifier.
         * Env: PLANNER_LLM_CLASSIFY.
         */
        @WithDefault("false")
        boolean classify();
    }
}
