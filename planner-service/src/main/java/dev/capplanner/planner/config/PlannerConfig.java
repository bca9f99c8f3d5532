package dev.capplanner.planner.config;

import dev.capplanner.planner.mode.PlannerMode;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "planner")
public interface PlannerConfig {

    /**
     * classic, shadow or capability (see {@link PlannerMode}): the default for tenants an operator has
     * not switched at runtime (the snapshot service's {@code /admin/planner-modes}, stamped on each
     * turn); a mistyped value stops the start instead of silently planning another way. Env: PLANNER_MODE.
     */
    @WithDefault("shadow")
    PlannerMode mode();

    /**
     * A/A baseline: in shadow mode, compare the legacy path with a second run of itself instead of the
     * capability planner (the reports' compared plan is then classic's), to learn which agreement rate
     * means "no difference" before reading the real one. Env: PLANNER_SHADOW_BASELINE.
     */
    @WithDefault("false")
    @io.smallrye.config.WithName("shadow.baseline")
    boolean shadowBaseline();

    /** Where the legacy path's whole catalog comes from: the run's snapshot, fetched by hash and verified. */
    SnapshotService snapshotService();

    interface SnapshotService {
        /** Env: PLANNER_SNAPSHOT_SERVICE_URL. */
        @WithDefault("http://localhost:8081")
        String url();

        @WithDefault("2s")
        java.time.Duration timeout();

        /** How many verified snapshot bodies stay cached (by hash; they never change). */
        @WithDefault("64")
        int cacheCapacity();
    }

    /**
     * How many iterations a turn may take: a plan whose results the planner must see first (a result
     * whose shape no tool declares) is one, and the next is planned from what it returned. At the cap
     * the turn ends insufficient. 1: every plan must answer at once. Env: PLANNER_MAX_ITERATIONS.
     */
    @WithDefault("3")
    @io.smallrye.config.WithName("max-iterations")
    int maxIterations();

    /**
     * How old the plan an observation echoes may be for the next iteration to be planned from it: a
     * continuation sealed longer ago (by the seal's own time) is refused, as the executor refuses an old
     * plan ({@code executor.plan-max-age}). Env: PLANNER_CONTINUATION_MAX_AGE.
     */
    @WithDefault("1h")
    java.time.Duration continuationMaxAge();

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
