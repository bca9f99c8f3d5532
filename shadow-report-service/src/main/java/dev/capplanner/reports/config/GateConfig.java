package dev.capplanner.reports.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The promotion gate's thresholds. */
@ConfigMapping(prefix = "reports.gate")
public interface GateConfig {

    /** Conversations whose id starts with this are golden-scenario replays (the demo's: {@code golden-}). */
    @WithDefault("golden-")
    String goldenConversationPrefix();

    /** Comparisons a window needs before "no invalid-schema plan" can pass (the seed: 50). */
    @WithDefault("50")
    int minEligibleTurns();

    /**
     * Labelled live-data cases a window needs before "labelled cases planned as labelled" can pass (the
     * seed asks that labelled cases show no premature insufficient: without one, nothing shows it).
     */
    @WithDefault("1")
    int minLabelledCases();

    /** How often the gate of each active tenant is evaluated for the metric an alert reads ({@code 0}: never). */
    @WithDefault("5m")
    java.time.Duration watchEvery();

    /** The window the watched gates are evaluated over: the tenants with reports in it, and their reports. */
    @WithDefault("7d")
    java.time.Duration watchWindow();

    /** At most this many tenants are watched, the ones with the most reports in the window. */
    @WithDefault("100")
    int watchTenants();
}
